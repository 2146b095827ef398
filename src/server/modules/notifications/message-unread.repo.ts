// The reads of the message_unread check (decision 0043): a scheduled message's conversation, and that
// conversation's latest message still unread by its receiver and not yet told, with the two parties.
import { and, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '#server/db/client';
import { messages, notifications, users } from '#server/db/schema/index';

/** One conversation, as the receiver sees it: messages from `senderId` to `receiverId` about one estimate. */
export interface UnreadConversation {
  estimateId: string;
  senderId: string;
  receiverId: string;
}

/** The conversation of a message, seen from its receiver; undefined when the message is gone. */
export async function conversationOfMessage(
  db: Executor,
  messageId: string,
): Promise<UnreadConversation | undefined> {
  const [row] = await db
    .select({ estimateId: messages.estimateId, senderId: messages.senderId, receiverId: messages.receiverId })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row;
}

/**
 * Holds the conversation's checks one at a time until the transaction ends (two could be due together, on two
 * instances): the second sees what the first told.
 */
export async function lockConversation(db: Executor, c: UnreadConversation): Promise<void> {
  const name = `messageUnread:${c.receiverId}:${c.estimateId}:${c.senderId}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}::text, 0))`);
}

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/**
 * The conversation's latest message that its receiver has not read, not deleted, and sent after the receiver's
 * last message_unread notification of this conversation (one of `links`: its screen for either role), with the
 * sender's names and the receiver's role; undefined when there is none, or either account is closed.
 */
export async function latestUntoldUnread(db: Executor, c: UnreadConversation, links: readonly string[]) {
  const lastTold = db
    .select({ at: max(notifications.createdAt) })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, c.receiverId),
        eq(notifications.kind, 'message_unread'),
        eq(notifications.estimateId, c.estimateId),
        inArray(notifications.link, [...links]),
      ),
    );
  const [row] = await db
    .select({
      content: messages.content,
      createdAt: messages.createdAt,
      senderFirstName: sender.firstName,
      senderLastName: sender.lastName,
      senderRole: sender.role,
      senderCompanyName: sender.companyName,
      receiverRole: receiver.role,
    })
    .from(messages)
    .innerJoin(sender, and(eq(sender.id, messages.senderId), isNull(sender.deletedAt)))
    .innerJoin(receiver, and(eq(receiver.id, messages.receiverId), isNull(receiver.deletedAt)))
    .where(
      and(
        eq(messages.estimateId, c.estimateId),
        eq(messages.senderId, c.senderId),
        eq(messages.receiverId, c.receiverId),
        isNull(messages.readAt),
        isNull(messages.deletedAt),
        gt(messages.createdAt, sql`coalesce((${lastTold}), '-infinity'::timestamptz)`),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(1);
  return row;
}
