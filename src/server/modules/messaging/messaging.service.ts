// The messaging rules, shared by the REST calls and the /ws channel (decision 0016): who may write to whom about
// an estimate, the provider's monthly customer cap and the customer's messageLimit (held under parallel sends by
// transaction-scoped locks), threads that mark what the viewer received as read, read marks only by the
// receiver, soft deletion only by the sender. Every change publishes its event on the app's bus in its
// transaction (messageSent, messagesRead, messageDeleted); messaging.realtime.ts carries them to the sockets.
import { canAccess, providerPlans, effectiveProviderPlan } from '#domain/plans';
import { monthStart } from '#domain/dates';
import { publicName } from '#domain/format';
import type { Role } from '#domain/permissions';
import {
  MESSAGE_ERRORS,
  type Conversation,
  type Message,
  type Thread,
} from '#domain/schemas/message-api.schema';
import type { AppContext } from '#server/context';
import { firstMessageError } from '#domain/schemas/message.schema';
import { AppError, forbidden, notFound } from '#server/errors';
import { findActiveUserById, providerAccessSubject, type UserRow } from '#server/modules/users';
import {
  customersContactedSince,
  jobConversationOpen,
  medianFirstResponseSeconds,
  providerContactsLock,
} from '#server/modules/read-model';
import * as repo from './messaging.repo.ts';
import { isUuid } from '#domain/ids';

/** The sender as the rules read it: the account row and the role in force now (an expired admin is a customer). */
export interface Actor {
  row: UserRow;
  role: Role;
}

export function toMessage(v: repo.MessageWithNames): Message {
  const m = v.message;
  const deleted = m.deletedAt !== null;
  return {
    id: m.id,
    estimateId: m.estimateId,
    estimateTitle: v.estimateTitle,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: deleted ? '' : m.content,
    read: m.readAt !== null,
    readAt: m.readAt?.toISOString() ?? null,
    isDeleted: deleted,
    createdAt: m.createdAt.toISOString(),
    senderFirstName: v.senderFirstName,
    senderName: publicName(v.senderFirstName, v.senderLastName),
    senderRole: v.senderRole,
  };
}

/** What the messaging functions use of the app. */
export type MessagingContext = Pick<AppContext, 'db' | 'now' | 'events'>;

const PAGE_MAX = 200;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * Whether `actor` may write to `receiverId` about `estimate` (decision 0016), given who has written in that
 * conversation so far (`activity`: the actor, the receiver; `jobParty`: the two are the parties of a job on the
 * estimate whose conversation is open), and whether this message starts a conversation (the caps apply only
 * then). Throws 404 for a missing estimate, 403 for no reason.
 */
function checkReason(
  ctx: MessagingContext,
  actor: Actor,
  estimate: repo.EstimateForMessaging,
  receiverId: string,
  activity: { aSent: boolean; bSent: boolean; receiverBid: boolean; jobParty: boolean },
): { starts: boolean; providerSide: UserRow | 'receiver' | null } {
  const me = actor.row;
  if (receiverId === me.id) throw new AppError('BAD_REQUEST', MESSAGE_ERRORS.self);
  // The customer and the provider of a job talk on its estimate while the job is open and for
  // JOB_CONVERSATION_DAYS_AFTER days after it ended, whatever the provider's plan, monthly cap or the customer's
  // messageLimit: no job step depends on a plan (decision 0041).
  if (activity.jobParty && estimate.deletedAt === null) return { starts: false, providerSide: null };
  const exists = activity.aSent || activity.bSent;
  const estimateOpen = estimate.deletedAt === null && estimate.ownerDeletedAt === null;
  if (actor.role === 'admin') {
    if (!exists && !estimateOpen) throw notFound(MESSAGE_ERRORS.estimateNotFound);
    return { starts: false, providerSide: null };
  }
  // Someone who wrote to me about this estimate may always get an answer (a customer replying to a provider,
  // anyone replying to an admin), as long as the estimate still exists.
  if (activity.bSent && estimate.deletedAt === null) {
    if (actor.role === 'provider') {
      const access = canAccess(providerAccessSubject(me), estimate.category, null, ctx.now());
      if (!access.allowed) throw forbidden(access.message);
    }
    return { starts: false, providerSide: actor.role === 'provider' ? me : null };
  }
  if (actor.role === 'provider') {
    if (receiverId !== estimate.ownerId) throw forbidden(MESSAGE_ERRORS.noReason);
    if (!estimateOpen || (estimate.status !== 'posted' && !exists)) {
      throw notFound(MESSAGE_ERRORS.estimateNotFound);
    }
    const access = canAccess(providerAccessSubject(me), estimate.category, null, ctx.now());
    if (!access.allowed) throw forbidden(access.message);
    return { starts: !exists, providerSide: me };
  }
  // The owner of an open estimate may write first to a provider who bid on it (the bid is the reason to talk);
  // otherwise a customer writes first to no one: replies only.
  if (me.id === estimate.ownerId && activity.receiverBid && estimateOpen) {
    return { starts: !exists, providerSide: 'receiver' };
  }
  if (me.id === estimate.ownerId) throw forbidden(MESSAGE_ERRORS.customerReply);
  throw forbidden(MESSAGE_ERRORS.noReason);
}

/**
 * Sends a message. Statements, in order: one read before the transaction (the estimate, the receiver, who has
 * written: `repo.sendContext`); in the transaction, for a conversation's first message only, the provider's and
 * the estimate's locks and the caps read again under them; then the sender's and the receiver's locks (one
 * statement), the insert and, on PostgreSQL, the NOTIFY. The message the sockets get is built from the inserted
 * row, the estimate read before and the sender's own row (no read back).
 */
export async function send(
  ctx: MessagingContext,
  actor: Actor,
  input: { estimateId: string; receiverId: string; content: string },
  origin?: { connectionId: string; clientId: string | null },
): Promise<Message> {
  const content = input.content.trim();
  const me = actor.row;
  const context = isUuid(input.estimateId)
    ? await repo.sendContext(ctx.db, {
        estimateId: input.estimateId,
        senderId: me.id,
        // An id that is not a UUID names no one (the nil UUID is never an account's id).
        receiverId: isUuid(input.receiverId) ? input.receiverId : NIL_UUID,
        at: ctx.now(),
      })
    : null;
  if (!context) throw notFound(MESSAGE_ERRORS.estimateNotFound);
  const { estimate } = context;
  if (!context.receiverActive) throw notFound(MESSAGE_ERRORS.receiverNotFound);
  const receiverId = input.receiverId;
  const reason = checkReason(ctx, actor, estimate, receiverId, context);
  const { starts } = reason;
  // Whose customer cap a start counts against: the sender's, or the receiver's when the owner writes first.
  const providerSide =
    reason.providerSide === 'receiver' ? await findActiveUserById(ctx.db, receiverId) : reason.providerSide;
  const providerStarts = providerSide?.id === me.id;
  // A provider's first message to a customer is an introduction: 20 characters at least.
  if (starts && providerStarts) {
    const problem = firstMessageError(content);
    if (problem) throw new AppError('BAD_REQUEST', problem);
  }
  return ctx.events.transaction(async (tx) => {
    if (starts && providerSide) {
      // One provider's starts and one estimate's starts go one at a time (always in this order), and the caps
      // are read again under those locks.
      await repo.lockNames(tx, [providerContactsLock(providerSide.id), `messages:estimate:${estimate.id}`]);
      const again = await repo.pairActivity(tx, estimate.id, me.id, receiverId);
      if (!again.aSent && !again.bSent) {
        const t = ctx.now();
        const limit = providerPlans[effectiveProviderPlan(providerSide, t)].customersPerMonth;
        if (limit !== null) {
          // One count of the month's customers: conversations started and public project offers.
          const started = await customersContactedSince(tx, providerSide.id, monthStart(t));
          const customerId = providerStarts ? receiverId : me.id;
          if (!started.includes(customerId) && started.length >= limit) {
            throw forbidden(providerStarts ? MESSAGE_ERRORS.providerCap(limit) : MESSAGE_ERRORS.providerFull);
          }
        }
        const perEstimate = estimate.ownerMessageLimit;
        if (perEstimate !== null) {
          const providers = await repo.providersOnEstimate(tx, estimate.id, estimate.ownerId);
          if (providers >= perEstimate) {
            throw forbidden(
              providerStarts
                ? MESSAGE_ERRORS.messageLimit(perEstimate)
                : MESSAGE_ERRORS.ownerMessageLimit(perEstimate),
            );
          }
        }
      }
    }
    // The sender's and the receiver's messages are written one at a time (the two locks in id order, taken last),
    // and on PostgreSQL published at commit: so a user's messages commit, and reach their sockets, in `seq`
    // order, and a reconnect backfilling after the last message it got (seq > its seq) misses none and repeats
    // none (decision 0023).
    await repo.lockNames(
      tx,
      [me.id, receiverId].sort().map((id) => `messages:user:${id}`),
    );
    const row = await repo.insertMessage(tx, {
      estimateId: estimate.id,
      senderId: me.id,
      receiverId,
      content,
      createdAt: ctx.now(),
    });
    const message = toMessage({
      message: row,
      estimateTitle: estimate.title,
      senderFirstName: me.firstName,
      senderLastName: me.lastName,
      senderRole: me.role,
    });
    // Published in the transaction: on PostgreSQL the sockets of every instance hear of it at commit.
    await ctx.events.publish(tx, 'messageSent', { message, seq: row.seq, origin: origin ?? null });
    return message;
  });
}

/** Whether checkReason lets `actor` write (to open an empty thread). */
function mayWrite(...args: Parameters<typeof checkReason>): boolean {
  try {
    checkReason(...args);
    return true;
  } catch {
    return false;
  }
}

export async function conversationsOf(ctx: MessagingContext, userId: string): Promise<Conversation[]> {
  const rows = await repo.conversations(ctx.db, userId, 500);
  const providerIds = [...new Set(rows.filter((r) => r.other_role === 'provider').map((r) => r.other_id))];
  const responseTimes = await medianFirstResponseSeconds(ctx.db, providerIds);
  return rows.map((r) => ({
    estimateId: r.estimate_id,
    estimateTitle: r.estimate_title,
    otherId: r.other_id,
    otherName: r.other_first_name,
    otherRole: r.other_role,
    lastMessage: r.last_deleted ? '' : r.last_content,
    lastMessageDate: new Date(r.last_created_at).toISOString(),
    lastMessageIsDeleted: Boolean(r.last_deleted),
    unreadCount: Number(r.unread_count),
    otherMedianResponseSeconds: responseTimes.get(r.other_id) ?? null,
  }));
}

/** The user's unread messages. */
export const unread = (ctx: MessagingContext, userId: string) => repo.unreadCount(ctx.db, userId);

/** Marks messages read where the user is the receiver; publishes receipts to the senders. */
export async function markRead(
  ctx: MessagingContext,
  userId: string,
  ids: readonly string[],
): Promise<number> {
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0) return 0;
  return ctx.events.transaction(async (tx) => {
    const t = ctx.now();
    const changed = await repo.markRead(tx, userId, wanted, t);
    if (changed.length > 0) {
      await ctx.events.publish(tx, 'messagesRead', {
        readerId: userId,
        messageIds: changed.map((c) => c.id),
        senderIds: [...new Set(changed.map((c) => c.senderId))],
        readAt: t.toISOString(),
      });
    }
    return changed.length;
  });
}

/**
 * A page of a thread. `other` null: every conversation of the viewer on the estimate (for the owner), or
 * the one with the owner (for anyone else). Someone with no messages there and no reason to start gets 404.
 */
export async function thread(
  ctx: MessagingContext,
  actor: Actor,
  estimateId: string,
  otherId: string | null,
  page: { before?: string | undefined; limit: number },
): Promise<Thread> {
  if (!isUuid(estimateId) || (otherId !== null && !isUuid(otherId))) throw notFound(MESSAGE_ERRORS.notFound);
  const estimate = await repo.findEstimate(ctx.db, estimateId);
  if (!estimate) throw notFound(MESSAGE_ERRORS.notFound);
  const viewer = actor.row.id;
  let other = otherId;
  if (other === null && viewer !== estimate.ownerId) other = estimate.ownerId;
  if (other === viewer) throw notFound(MESSAGE_ERRORS.notFound);
  const beforeSeq = page.before ? await repo.seqOf(ctx.db, page.before, viewer) : null;
  if (page.before && beforeSeq === null) throw notFound(MESSAGE_ERRORS.messageNotFound);
  const limit = Math.min(page.limit, PAGE_MAX);
  const rows = await repo.threadPage(ctx.db, { estimateId, viewer, other, beforeSeq, limit: limit + 1 });
  let otherUser: UserRow | undefined;
  if (other !== null) otherUser = await findActiveUserById(ctx.db, other);
  if (rows.length === 0 && beforeSeq === null) {
    // Nothing yet: only someone who may write the first message sees the empty thread.
    const mayStart =
      other === null
        ? viewer === estimate.ownerId
        : otherUser !== undefined &&
          mayWrite(ctx, actor, estimate, otherUser.id, {
            ...(await repo.pairActivity(ctx.db, estimateId, viewer, otherUser.id)),
            receiverBid: viewer === estimate.ownerId && (await repo.hasBid(ctx.db, estimateId, otherUser.id)),
            jobParty: await jobConversationOpen(ctx.db, estimateId, viewer, otherUser.id, ctx.now()),
          });
    if (!mayStart) throw notFound(MESSAGE_ERRORS.notFound);
  }
  const hasMore = rows.length > limit;
  const pageRows = rows.slice(0, limit).reverse();
  // Viewing the thread reads what the viewer received in it.
  const toRead = pageRows
    .filter((r) => r.message.receiverId === viewer && !r.message.readAt && !r.message.deletedAt)
    .map((r) => r.message.id);
  if (toRead.length > 0) {
    await markRead(ctx, viewer, toRead);
    const t = ctx.now();
    for (const r of pageRows) {
      if (toRead.includes(r.message.id)) r.message = { ...r.message, readAt: t };
    }
  }
  return {
    estimateId: estimate.id,
    estimateTitle: estimate.title,
    other: otherUser ? { id: otherUser.id, firstName: otherUser.firstName, role: otherUser.role } : null,
    messages: pageRows.map(toMessage),
    nextBefore: hasMore && pageRows[0] ? pageRows[0].message.id : null,
  };
}

/** Soft-deletes the sender's own message; anyone else's, or one they cannot see: 404 / 403. */
export async function remove(ctx: MessagingContext, actor: Actor, id: string): Promise<Message> {
  const found = isUuid(id) ? await repo.findMessage(ctx.db, id) : null;
  const viewer = actor.row.id;
  if (!found || (found.senderId !== viewer && found.receiverId !== viewer)) {
    throw notFound(MESSAGE_ERRORS.messageNotFound);
  }
  if (found.senderId !== viewer) throw forbidden(MESSAGE_ERRORS.notSender);
  return ctx.events.transaction(async (tx) => {
    await repo.softDelete(tx, id, viewer, ctx.now());
    const view = await repo.findMessageView(tx, id);
    if (!view) throw notFound(MESSAGE_ERRORS.messageNotFound);
    await ctx.events.publish(tx, 'messageDeleted', {
      messageId: id,
      senderId: found.senderId,
      receiverId: found.receiverId,
    });
    return toMessage(view);
  });
}

/**
 * The user's messages after `lastMessageId`, oldest first, and that message's `seq` (the client has every message
 * of the user up to it); null when it is not one of the user's messages.
 */
export async function missedSince(
  ctx: MessagingContext,
  userId: string,
  lastMessageId: string,
  limit = 1000,
): Promise<{ afterSeq: number; messages: Message[] } | null> {
  const seq = isUuid(lastMessageId) ? await repo.seqOf(ctx.db, lastMessageId, userId) : null;
  if (seq === null) return null;
  return { afterSeq: seq, messages: (await repo.messagesAfter(ctx.db, userId, seq, limit)).map(toMessage) };
}
