// message_unread (decision 0043): a message still unread MESSAGE_UNREAD_AFTER_MS after it arrived, while its
// receiver has no page of the app open, is told to the receiver as a notification (and so by mail, as they chose).
// - Each message schedules a check (messageUnread) in the sender's transaction, due MESSAGE_UNREAD_AFTER_MS later and
//   keyed by its conversation and its window of MESSAGE_UNREAD_AFTER_MS: while the window's check is pending, later
//   messages of that window ride on it. A check runs after its window ended, so a message sent while it runs is in
//   a later window and schedules its own (one keyed by the conversation alone could be swallowed by the running
//   item and never told).
// - The check tells the conversation's latest unread message sent after the last time this conversation was told:
//   one notification however many messages wait, and none again for the same ones (checks of one conversation run
//   one at a time). Nothing when everything was read, or when the receiver has a page open (a /ws socket seen within
//   two heartbeats: they see it live).
import { MESSAGE_UNREAD_AFTER_MS } from '#domain/notification-kinds';
import type { AppContext } from '#server/context';
import { usersWithOpenPage } from '#server/modules/sessions';
import * as repo from './message-unread.repo.ts';
import { writeNotifications } from './notifications.store.ts';
import { actorPublicName } from './notifications.writes.ts';

/** Beyond two heartbeats: a beat's mark may be late by the time its statement takes, under load. */
const PRESENCE_MARGIN_MS = 5_000;
/** The notification's body: the start of the message, on one line. */
const BODY_CHARS = 80;

/** The receiver's screen of a conversation with `senderId` about an estimate, for either role. */
const conversationLink = (role: string, estimateId: string, senderId: string) =>
  role === 'provider'
    ? `/provider/messages/${estimateId}/${senderId}`
    : `/messages/${estimateId}/${senderId}`;

/** The first BODY_CHARS characters of a message, its whitespace folded to single spaces. */
export function messageExcerpt(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  return line.length <= BODY_CHARS ? line : `${line.slice(0, BODY_CHARS - 1).trimEnd()}…`;
}

/** Registers the scheduling of the check with each message and its handler. */
export function registerMessageUnread(
  ctx: Pick<AppContext, 'config' | 'db' | 'events' | 'work' | 'now'>,
): void {
  const { events, work } = ctx;

  events.inTransaction('messageSent', async (tx, { message }) => {
    const sentAt = Date.parse(message.createdAt);
    const conversation = `${message.receiverId}:${message.estimateId}:${message.senderId}`;
    const windowIndex = Math.floor(sentAt / MESSAGE_UNREAD_AFTER_MS);
    await work.schedule(
      tx,
      'messageUnread',
      { messageId: message.id },
      {
        dueAt: new Date(sentAt + MESSAGE_UNREAD_AFTER_MS),
        key: `messageUnread:${conversation}:${windowIndex}`,
      },
    );
  });

  // A socket's session is marked seen at its opening and every beat: one within two beats (and a margin) is open.
  const openPageWithinMs = 2 * ctx.config.WS_HEARTBEAT_MS + PRESENCE_MARGIN_MS;

  work.handle('messageUnread', async ({ payload }) => {
    await events.transaction(async (tx) => {
      const conversation = await repo.conversationOfMessage(tx, payload.messageId);
      if (!conversation) return;
      await repo.lockConversation(tx, conversation);
      const { estimateId, senderId, receiverId } = conversation;
      const links = ['customer', 'provider'].map((role) => conversationLink(role, estimateId, senderId));
      const unread = await repo.latestUntoldUnread(tx, conversation, links);
      if (!unread) return;
      const now = ctx.now();
      const open = await usersWithOpenPage(tx, [receiverId], {
        seenSince: new Date(now.getTime() - openPageWithinMs),
        now,
      });
      if (open.has(receiverId)) return;
      const senderName = actorPublicName(
        {
          firstName: unread.senderFirstName,
          lastName: unread.senderLastName,
          companyName: unread.senderCompanyName,
          role: unread.senderRole,
        },
        unread.senderRole === 'provider',
      );
      await writeNotifications(tx, events, [
        {
          userId: receiverId,
          kind: 'message_unread',
          title: `New message from ${senderName}`,
          body: messageExcerpt(unread.content),
          link: conversationLink(unread.receiverRole, estimateId, senderId),
          actorName: senderName,
          estimateId,
          priority: true,
          createdAt: now,
        },
      ]);
    });
  });
}
