// The /ws channel. The socket is signed in by the session cookie at the upgrade (the access hook answers 401
// without one) and refused from a foreign Origin (403), never by a userId the client sends. Client messages go
// through the messaging service; a heartbeat closes sockets that stop answering pings; `lastMessageId` (on the
// upgrade's query or an `auth` message) replays what the user sent or received since. With ADMIN_TWO_STEP=required,
// an admin without two-step keeps the socket (the unread count) but sending and read marks are refused with the
// REST routes' 403 TWO_STEP_REQUIRED, and no message contents reach it (no backfill, no live message: only the
// unread count), as the REST reads refuse them (decision 0028).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { VERIFY_EMAIL_REQUIRED_MESSAGE } from '#domain/schemas/account.schema';
import { wsClientMessageSchema } from '#domain/schemas/message.schema';
import type { Role } from '#domain/permissions';
import {
  ADMIN_TWO_STEP_REQUIRED_MESSAGE,
  adminMustSetUpTwoStep,
  type AdminTwoStepPolicy,
} from '#domain/two-step';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';
import type { Db } from '#server/db/client';
import { AppError } from '#server/errors';
import { allowedOrigins, originOf } from '#server/plugins/security';
import { isTwoStepOn } from '#server/modules/auth';
import { liveSessions } from '#server/modules/sessions';
import { findActiveUserById, type UserRow } from '#server/modules/users';
import type { Client, Hub } from './messaging.hub.ts';
import type { MessagingService } from './messaging.service.ts';

export interface WsOptions {
  heartbeatMs: number;
}

interface WsDeps extends WsOptions {
  hub: Hub;
  service: MessagingService;
  db: Db;
  now: () => Date;
  appUrl: string;
  adminTwoStep: AdminTwoStepPolicy;
  newId: () => string;
  toRole: (row: UserRow) => Role;
}

/**
 * Whether a socket's user may not read messages yet: with ADMIN_TWO_STEP=required, an admin (read again now) who has
 * not turned on two-step. Such a socket gets counts, never message contents, as the REST reads refuse them.
 */
export async function messagesWithheld(
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

/** The most messages a socket may send per second before it is closed (a flooding client). */
const MAX_MESSAGES_PER_SECOND = 20;

export function registerWs(app: FastifyInstance, deps: WsDeps) {
  const { hub, service, db } = deps;
  const trusted = allowedOrigins(deps.appUrl);

  const heartbeat = setInterval(() => {
    const open: Client[] = [];
    for (const c of [...hub.clients()]) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
      open.push(c);
    }
    // A session that expired (rather than being signed out) closes its sockets at the next beat.
    if (open.length === 0) return;
    const asked = new Set(open.map((c) => c.tokenHash));
    liveSessions(db, [...asked], deps.now())
      .then((live) => {
        // A socket whose session got a new token meanwhile (re-authentication) was not asked about: it stays.
        for (const c of open) {
          if (asked.has(c.tokenHash) && !live.has(c.tokenHash)) c.socket.close(4401, 'Session expired');
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'websocket session check failed'));
  }, deps.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  // Live events for the socket wait until the backfill is sent (hub.catchUp), so it gets its messages oldest first.
  async function backfill(client: Client, lastMessageId: string, first?: WsServerEvent) {
    await hub.catchUp(client, async (write) => {
      if (first) write(first);
      if (await messagesWithheld(db, deps.adminTwoStep, deps.toRole, client.userId)) {
        write({ type: 'synced', lastMessageId });
        return;
      }
      const missed = await service.missedSince(client.userId, lastMessageId);
      if (missed === null) {
        write({ type: 'synced', lastMessageId: null });
        return;
      }
      client.caughtUpTo = Math.max(client.caughtUpTo ?? 0, missed.afterSeq);
      for (const message of missed.messages) {
        write({ type: 'messageReceived', message });
      }
      write({ type: 'synced', lastMessageId: missed.messages.at(-1)?.id ?? lastMessageId });
    });
  }

  app.get(
    '/ws',
    {
      websocket: true,
      config: { access: 'authenticated', openBeforeTwoStep: true },
      // An upgrade refused by a hook (no session: 401, foreign Origin: 403) gets its HTTP answer; then its
      // connection is ended (the websocket plugin only ends the ones that reached its own hooks).
      onResponse: async (req: FastifyRequest) => {
        if (!req.headers.upgrade) return;
        const socket = req.raw.socket;
        socket.end();
        setTimeout(() => socket.destroy(), 1000).unref();
      },
      preValidation: async (req: FastifyRequest) => {
        const origin = originOf(req.headers.origin);
        if (origin !== null && !trusted.has(origin)) {
          throw new AppError('FORBIDDEN', 'Cross-site request refused');
        }
      },
    },
    (socket, req) => {
      const user = req.user;
      if (!user || !req.sessionTokenHash) {
        socket.close(4401, 'Sign in first');
        return;
      }
      const query = req.query as { lastMessageId?: unknown };
      const lastMessageId =
        typeof query.lastMessageId === 'string' && /^[0-9a-f-]{36}$/i.test(query.lastMessageId)
          ? query.lastMessageId
          : null;
      const client: Client = {
        id: deps.newId(),
        userId: user.id,
        tokenHash: req.sessionTokenHash,
        socket,
        alive: true,
        delivered: new Set(),
        // A reconnect catching up: what arrives live waits for its backfill (from the moment it is registered).
        held: lastMessageId ? [] : null,
      };
      hub.add(client);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => hub.remove(client));

      let windowStart = Date.now();
      let inWindow = 0;
      // Client messages are handled one at a time, in order.
      let queue = Promise.resolve();
      socket.on('message', (data: RawData) => {
        const t = Date.now();
        if (t - windowStart >= 1000) {
          windowStart = t;
          inWindow = 0;
        }
        if (++inWindow > MAX_MESSAGES_PER_SECOND) {
          socket.close(1008, 'Too many messages');
          return;
        }
        queue = queue
          .then(() => handle(client, data))
          .catch((err: unknown) => {
            app.log.error({ err }, 'websocket message failed');
          });
      });

      queue = queue
        .then(async () => {
          const ready = {
            type: 'ready' as const,
            userId: user.id,
            unreadCount: await service.unread(user.id),
          };
          if (lastMessageId) await backfill(client, lastMessageId, ready);
          else hub.send(client, ready);
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'websocket open failed');
          // The client reconnects and tries again (rather than a socket that missed its backfill).
          socket.close(1011, 'Reconnect to catch up');
        });
    },
  );

  async function handle(client: Client, data: RawData) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      hub.send(client, { type: 'error', clientId: null, status: 400, message: 'Messages must be JSON' });
      return;
    }
    const result = wsClientMessageSchema.safeParse(parsed);
    if (!result.success) {
      const clientId =
        typeof (parsed as { clientId?: unknown })?.clientId === 'string'
          ? String((parsed as { clientId: string }).clientId).slice(0, 100)
          : null;
      const message = result.error.issues[0]?.message ?? 'Invalid message';
      hub.send(client, { type: 'error', clientId, status: 400, message });
      return;
    }
    const msg = result.data;
    if (msg.type === 'auth') {
      // The socket's user is the session's: a userId naming someone else changes nothing.
      if (msg.lastMessageId) await backfill(client, msg.lastMessageId);
      return;
    }
    // The account is read again for each action: a plan, role or deletion since the upgrade counts.
    const row = await findActiveUserById(db, client.userId);
    if (!row) {
      client.socket.close(4401, 'Signed out');
      return;
    }
    const actor = { row, role: deps.toRole(row) };
    const clientId = msg.type === 'sendMessage' ? (msg.clientId ?? null) : null;
    try {
      // As the access hook does for POST /api/messages and the read marks: read again for each action, so turning
      // two-step on (or off) counts on a socket that is already open.
      if (adminMustSetUpTwoStep(deps.adminTwoStep, actor.role, false) && !(await isTwoStepOn(db, row.id))) {
        throw new AppError('TWO_STEP_REQUIRED', ADMIN_TWO_STEP_REQUIRED_MESSAGE);
      }
      if (msg.type === 'markRead') {
        await service.markRead(row.id, msg.messageIds);
        return;
      }
      if (!row.emailVerifiedAt) {
        throw new AppError('FORBIDDEN', VERIFY_EMAIL_REQUIRED_MESSAGE);
      }
      await service.send(
        actor,
        { estimateId: msg.message.estimateId, receiverId: msg.receiverId, content: msg.message.content },
        { connectionId: client.id, clientId },
      );
    } catch (err) {
      if (err instanceof AppError) {
        hub.send(client, {
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
  }
}
