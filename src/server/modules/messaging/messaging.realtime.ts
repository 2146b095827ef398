// What messaging sends over /ws (the realtime plugin carries it): a new message to every socket of its receiver
// (messageReceived) and of its sender (the socket that sent it gets messageSent), with the receiver's unread count;
// read receipts to the senders and the reader's new count; deletions to both sides. A socket opens with `ready`
// (the unread count) and, with `lastMessageId` (on the upgrade's query or an `auth` message), replays what the user
// sent or received since. Client messages (sendMessage, markRead) go through the same rules as REST.
// With ADMIN_TWO_STEP=required, an admin without two-step keeps the socket (the unread count) but sending and read
// marks are refused with the REST routes' 403 TWO_STEP_REQUIRED, and no message contents reach it (no backfill, no
// live message: only the unread count), as the REST reads refuse them (decision 0028).
import type { FastifyInstance } from 'fastify';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import { wsClientMessageSchema } from '#domain/schemas/message.schema';
import type { Message, WsServerEvent } from '#domain/schemas/message-api.schema';
import type { Role } from '#domain/permissions';
import {
  ADMIN_TWO_STEP_REQUIRED_MESSAGE,
  adminMustSetUpTwoStep,
  type AdminTwoStepPolicy,
} from '#domain/two-step';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import type { Client } from '#server/plugins/realtime';
import { isTwoStepOn } from '#server/modules/auth';
import { findActiveUserById, toPublicUser, type UserRow } from '#server/modules/users';
import * as repo from './messaging.repo.ts';
import * as messaging from './messaging.service.ts';

/** A new message as it crosses between instances. */
interface MessageWire {
  messageId: string;
  /** The message's place in the table's order (a socket that caught up past it skips it). */
  seq?: number;
  senderId: string;
  receiverId: string;
  /** The socket that sent it over /ws (it gets messageSent instead of messageReceived). */
  connectionId: string | null;
  clientId: string | null;
  /** The stored message, when it fits a NOTIFY; otherwise each instance reads it by id. */
  message?: Message;
}

/** Read receipts are split so that one payload stays far below NOTIFY's 8000-byte limit. */
const READ_IDS_PER_EVENT = 100;

/**
 * Whether a socket's user may not read messages yet: with ADMIN_TWO_STEP=required, an admin (read again now) who has
 * not turned on two-step. Such a socket gets counts, never message contents, as the REST reads refuse them.
 */
async function messagesWithheld(
  db: Db,
  policy: AdminTwoStepPolicy,
  toRole: (row: UserRow) => Role,
  userId: string,
): Promise<boolean> {
  if (policy !== 'required') return false;
  const row = await findActiveUserById(db, userId);
  if (!row || !adminMustSetUpTwoStep(policy, toRole(row), false)) return false;
  return !(await isTwoStepOn(db, row.id));
}

const isMessageId = (value: unknown): value is string =>
  typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value);

/** Registers messaging's deliveries, socket opening and client messages with the app's realtime channel. */
export function registerMessagingRealtime(app: FastifyInstance): void {
  const { ctx, realtime } = app;
  const { db, now } = ctx;
  const policy = ctx.config.ADMIN_TWO_STEP;
  const roleOf = (row: UserRow) => toPublicUser(row, now()).role;
  const withheld = (userId: string) => messagesWithheld(db, policy, roleOf, userId);

  realtime.carry('messageSent', {
    kind: 'message',
    toWire: ({ message, seq, origin }): MessageWire[] => [
      {
        messageId: message.id,
        seq,
        senderId: message.senderId,
        receiverId: message.receiverId,
        connectionId: origin?.connectionId ?? null,
        clientId: origin?.clientId ?? null,
        message,
      },
    ],
    shrink: ({ message: _message, ...rest }) => rest,
    async deliver(event, local) {
      // A socket that reconnected from a later message has this one already (it arrives late when this
      // instance is behind): it is not sent again.
      const behind = (c: Client) =>
        c.id !== event.connectionId && event.seq !== undefined && (c.caughtUpTo ?? 0) >= event.seq;
      const receiving = local.of(event.receiverId);
      const hidden = receiving.length > 0 && (await withheld(event.receiverId));
      const toReceiver = hidden ? [] : receiving.filter((c) => !behind(c));
      const toSender = local.of(event.senderId).filter((c) => !behind(c));
      if (hidden) {
        const unreadCount = await repo.unreadCount(db, event.receiverId);
        for (const c of receiving) local.send(c, { type: 'unreadCount', unreadCount });
      }
      if (toReceiver.length === 0 && toSender.length === 0) return;
      let message = event.message;
      if (!message) {
        const view = await repo.findMessageView(db, event.messageId);
        if (!view) return;
        message = messaging.toMessage(view);
      }
      for (const c of toReceiver) local.send(c, { type: 'messageReceived', message }, event.seq);
      for (const c of toSender) {
        local.send(
          c,
          c.id === event.connectionId
            ? { type: 'messageSent', clientId: event.clientId, message }
            : { type: 'messageReceived', message },
          c.id === event.connectionId ? undefined : event.seq,
        );
      }
      if (toReceiver.length > 0) {
        const unreadCount = await repo.unreadCount(db, event.receiverId);
        for (const c of toReceiver) local.send(c, { type: 'unreadCount', unreadCount });
      }
    },
  });

  realtime.carry('messagesRead', {
    kind: 'read',
    toWire: (read) => {
      const parts = [];
      for (let i = 0; i < read.messageIds.length; i += READ_IDS_PER_EVENT) {
        parts.push({ ...read, messageIds: read.messageIds.slice(i, i + READ_IDS_PER_EVENT) });
      }
      return parts;
    },
    async deliver(event, local) {
      for (const senderId of event.senderIds) {
        for (const c of local.of(senderId)) {
          local.send(c, {
            type: 'messagesRead',
            messageIds: event.messageIds,
            readerId: event.readerId,
            readAt: event.readAt,
          });
        }
      }
      const readers = local.of(event.readerId);
      if (readers.length > 0) {
        const unreadCount = await repo.unreadCount(db, event.readerId);
        for (const c of readers) local.send(c, { type: 'unreadCount', unreadCount });
      }
    },
  });

  realtime.carry('messageDeleted', {
    kind: 'deleted',
    toWire: (deleted) => [deleted],
    async deliver(event, local) {
      const targets = [...local.of(event.senderId), ...local.of(event.receiverId)];
      if (targets.length === 0) return;
      const view = await repo.findMessageView(db, event.messageId);
      if (!view) return;
      const message = messaging.toMessage(view);
      for (const c of targets) local.send(c, { type: 'messageDeleted', message });
      const receivers = local.of(event.receiverId);
      if (receivers.length > 0) {
        const unreadCount = await repo.unreadCount(db, event.receiverId);
        for (const c of receivers) local.send(c, { type: 'unreadCount', unreadCount });
      }
    },
  });

  /** Writes what the user sent or received after `lastMessageId`, then `synced` (nothing for a withheld admin). */
  async function backfill(client: Client, lastMessageId: string, write: (event: WsServerEvent) => void) {
    if (await withheld(client.userId)) {
      write({ type: 'synced', lastMessageId });
      return;
    }
    const missed = await messaging.missedSince(ctx, client.userId, lastMessageId);
    if (missed === null) {
      write({ type: 'synced', lastMessageId: null });
      return;
    }
    client.caughtUpTo = Math.max(client.caughtUpTo ?? 0, missed.afterSeq);
    for (const message of missed.messages) write({ type: 'messageReceived', message });
    write({ type: 'synced', lastMessageId: missed.messages.at(-1)?.id ?? lastMessageId });
  }

  realtime.onOpen(async (client, { query, write }) => {
    write({ type: 'ready', userId: client.userId, unreadCount: await messaging.unread(ctx, client.userId) });
    if (isMessageId(query.lastMessageId)) await backfill(client, query.lastMessageId, write);
  });

  realtime.onMessage(async (client, parsed) => {
    const result = wsClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const clientId =
        typeof (parsed as { clientId?: unknown })?.clientId === 'string'
          ? String((parsed as { clientId: string }).clientId).slice(0, 100)
          : null;
      const message = result.error.issues[0]?.message ?? 'Invalid message';
      realtime.sockets.send(client, { type: 'error', clientId, status: 400, message });
      return;
    }
    const msg = result.data;
    if (msg.type === 'auth') {
      // The socket's user is the session's: a userId naming someone else changes nothing.
      const lastMessageId = msg.lastMessageId;
      if (lastMessageId) await realtime.catchUp(client, (write) => backfill(client, lastMessageId, write));
      return;
    }
    // The account is read again for each action: a plan, role or deletion since the upgrade counts.
    const row = await findActiveUserById(db, client.userId);
    if (!row) {
      client.socket.close(4401, 'Signed out');
      return;
    }
    const actor = { row, role: roleOf(row) };
    const clientId = msg.type === 'sendMessage' ? (msg.clientId ?? null) : null;
    try {
      // As the access hook does for POST /api/messages and the read marks: read again for each action, so turning
      // two-step on (or off) counts on a socket that is already open.
      if (adminMustSetUpTwoStep(policy, actor.role, false) && !(await isTwoStepOn(db, row.id))) {
        throw new AppError('TWO_STEP_REQUIRED', ADMIN_TWO_STEP_REQUIRED_MESSAGE);
      }
      if (msg.type === 'markRead') {
        await messaging.markRead(ctx, row.id, msg.messageIds);
        return;
      }
      if (!row.emailVerifiedAt) {
        throw new AppError('FORBIDDEN', VERIFY_EMAIL_REQUIRED_MESSAGE);
      }
      await messaging.send(
        ctx,
        actor,
        { estimateId: msg.message.estimateId, receiverId: msg.receiverId, content: msg.message.content },
        { connectionId: client.id, clientId },
      );
    } catch (err) {
      if (err instanceof AppError) {
        realtime.sockets.send(client, {
          type: 'error',
          clientId,
          status: err.status,
          code: err.code,
          message: err.message,
        });
        return;
      }
      throw err;
    }
  });
}
