// The realtime channel: the /ws sockets of this instance, their heartbeat, and the one PostgreSQL LISTEN connection
// that brings every instance's events here. It carries events to sockets and across instances; the features decide
// what reaches whom (app.realtime.carry: what of an app event crosses, and what each instance sends its own sockets),
// what a socket gets when it opens (onOpen) and what its messages do (onMessage).
// - A socket is signed in by the session cookie at the upgrade (the access hook answers 401 without one) and
//   refused from a foreign Origin (403), never by an id the client sends. Its messages are JSON, handled one at a
//   time in order; more than 20 a second close it.
// - The heartbeat pings every socket each WS_HEARTBEAT_MS and ends one that missed the previous ping; a socket
//   whose session expired closes at the next beat, and ended sessions (sessionsEnded) close theirs on every
//   instance at once (a session renewed under a new token keeps its sockets).
// - Presence (decision 0043): a socket's opening and every beat mark its session's socket_seen_at (the beat's
//   liveness check and that mark are one statement), so any instance can tell whether a person has a page open.
// - On PostgreSQL an event crosses as a NOTIFY on one channel, sent in the writer's transaction, so every instance
//   hears it at commit, in commit order, and never for a rollback; each instance delivers in the order it heard.
//   If the LISTEN connection drops, every socket is closed (1012) so clients reconnect and backfill. On the
//   embedded database (one process) events are delivered in process once the write committed.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { RawData } from 'ws';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';
import type { AppEvents } from '#server/core/app-events';
import type { Db, Executor } from '#server/db/client';
import { listen, notify } from '#server/db/listen';
import { AppError } from '#server/errors';
import { createSocketRegistry, type Client, type LocalSockets } from './realtime-sockets.ts';
import { allowedOrigins, originOf } from './security.ts';

export type { Client, LocalSockets } from './realtime-sockets.ts';

/** The channel every instance LISTENs on. */
export const NOTIFY_CHANNEL = 'homefix_messages';
/** NOTIFY refuses payloads of 8000 bytes or more; a part above this is sent in its smaller form. */
const MAX_PAYLOAD_BYTES = 7500;
/** The most messages a socket may send per second before it is closed (a flooding client). */
const MAX_MESSAGES_PER_SECOND = 20;

/** How one app event reaches the sockets of every instance. */
export interface Topic<P, W extends object> {
  /** The name it crosses under (the `kind` of its NOTIFY payload). */
  kind: string;
  /** What crosses: plain JSON parts, each far below NOTIFY's limit; none: the event reaches no socket. */
  toWire(payload: P): W[];
  /** A smaller form of a part too large for one NOTIFY (each instance then reads the rest itself). */
  shrink?(part: W): W;
  /** What an instance sends its own sockets for one part. */
  deliver(part: W, sockets: LocalSockets): Promise<void>;
}

/** What a socket's opening handler gets: the upgrade's query, and a write that goes out ahead of live events. */
export interface Opening {
  query: Record<string, unknown>;
  write(event: WsServerEvent): void;
}

export interface Realtime {
  /** Carries `event` to the sockets of every instance, as `topic` says. */
  carry<K extends keyof AppEvents, W extends object>(event: K, topic: Topic<AppEvents[K], W>): void;
  /** Runs when a socket opens: what it writes goes out before any live event for the socket. */
  onOpen(handler: (client: Client, opening: Opening) => Promise<void>): void;
  /** Runs for each JSON message a socket sends (anything else is answered with an error event). */
  onMessage(handler: (client: Client, message: unknown) => Promise<void>): void;
  /** This instance's sockets. */
  readonly sockets: LocalSockets;
  /** Lets a socket catch up: `run` writes at once, live events wait and follow (socket registry, catchUp). */
  catchUp(client: Client, run: (write: (event: WsServerEvent) => void) => Promise<void>): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  heartbeatMs: number;
  appUrl: string;
  /**
   * Marks these sessions as having an open socket at `now`; which of them are still live (the sessions module's
   * socketsSeen).
   */
  socketsSeen: (db: Db, tokenHashes: string[], now: Date) => Promise<Set<string>>;
}

export default fp(
  async function realtimePlugin(app, opts: RealtimeOptions) {
    const { db, database, events, now } = app.ctx;
    const crossInstance = database.kind === 'postgres';
    const registry = createSocketRegistry();
    const topics = new Map<string, Topic<never, object>>();
    const openers: ((client: Client, opening: Opening) => Promise<void>)[] = [];
    const messageHandlers: ((client: Client, message: unknown) => Promise<void>)[] = [];
    const local: LocalSockets = {
      of: registry.of,
      all: registry.all,
      send: registry.send,
      close: registry.close,
    };

    // Events are delivered one after another, in the order they were heard, so a socket never sees a read receipt
    // before the message it reads.
    let chain = Promise.resolve();
    function deliverInOrder(kind: string, part: object) {
      const topic = topics.get(kind) as Topic<never, object> | undefined;
      if (!topic) return chain;
      chain = chain
        .then(() => topic.deliver(part, local))
        .catch((err: unknown) => app.log.error({ err, kind }, 'realtime delivery failed'));
      return chain;
    }

    const realtime: Realtime = {
      carry(event, topic) {
        topics.set(topic.kind, topic as unknown as Topic<never, object>);
        const publish = async (payload: AppEvents[typeof event], tx?: Executor) => {
          const parts = topic.toWire(payload);
          if (!crossInstance) {
            for (const part of parts) await deliverInOrder(topic.kind, part);
            return;
          }
          for (const part of parts) {
            let text = JSON.stringify({ kind: topic.kind, ...part });
            if (topic.shrink && Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) {
              text = JSON.stringify({ kind: topic.kind, ...topic.shrink(part) });
            }
            await notify(tx ?? db, NOTIFY_CHANNEL, text);
          }
        };
        // On PostgreSQL the NOTIFY is part of the write (heard at commit, in commit order); in process, delivery
        // waits for the commit.
        if (crossInstance) events.inTransaction(event, (tx, payload) => publish(payload, tx));
        else events.afterCommit(event, (payload) => publish(payload));
      },
      onOpen: (handler) => void openers.push(handler),
      onMessage: (handler) => void messageHandlers.push(handler),
      sockets: local,
      catchUp: registry.catchUp,
    };
    app.decorate('realtime', realtime);

    // Ended sessions close their sockets on every instance; a session renewed under a new token keeps them.
    realtime.carry('sessionsEnded', {
      kind: 'closeSessions',
      toWire: (ended) => [ended],
      async deliver(
        ended: Partial<{ tokenHash: string; renewedTo: string; userId: string; exceptTokenHash: string }>,
      ) {
        if (ended.tokenHash && ended.renewedTo) {
          for (const c of local.all()) if (c.tokenHash === ended.tokenHash) c.tokenHash = ended.renewedTo;
          return;
        }
        const candidates = ended.tokenHash ? [...local.all()] : ended.userId ? local.of(ended.userId) : [];
        for (const c of candidates) {
          if (ended.tokenHash && c.tokenHash !== ended.tokenHash) continue;
          if (ended.exceptTokenHash && c.tokenHash === ended.exceptTokenHash) continue;
          local.close(c, 4401, 'Signed out');
        }
      },
    });

    if (crossInstance) {
      const stopListening = await listen(
        db,
        NOTIFY_CHANNEL,
        (payload) => {
          let parsed: { kind?: unknown };
          try {
            parsed = JSON.parse(payload) as { kind?: unknown };
          } catch {
            return;
          }
          if (typeof parsed.kind !== 'string') return;
          const { kind, ...part } = parsed;
          void deliverInOrder(kind as string, part);
        },
        // While the listening connection was down, events may have been missed: every socket reconnects and
        // backfills from its last message id.
        () => {
          for (const c of local.all()) c.socket.close(1012, 'Reconnect to catch up');
        },
      );
      app.addHook('onClose', async () => {
        await stopListening();
        await chain;
      });
    }

    const heartbeat = setInterval(() => {
      const open: Client[] = [];
      for (const c of [...local.all()]) {
        if (!c.alive) {
          c.socket.terminate();
          continue;
        }
        c.alive = false;
        c.socket.ping();
        open.push(c);
      }
      // A session that expired (rather than being signed out) closes its sockets at the next beat; the live ones
      // are marked seen in the same statement.
      if (open.length === 0) return;
      const asked = new Set(open.map((c) => c.tokenHash));
      opts
        .socketsSeen(db, [...asked], now())
        .then((live) => {
          // A socket whose session got a new token meanwhile (re-authentication) was not asked about: it stays.
          for (const c of open) {
            if (asked.has(c.tokenHash) && !live.has(c.tokenHash)) c.socket.close(4401, 'Session expired');
          }
        })
        .catch((err: unknown) => app.log.error({ err }, 'websocket session check failed'));
    }, opts.heartbeatMs);
    heartbeat.unref();
    app.addHook('onClose', async () => clearInterval(heartbeat));

    const trusted = allowedOrigins(opts.appUrl);

    async function handle(client: Client, data: RawData) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(data.toString());
      } catch {
        registry.send(client, {
          type: 'error',
          clientId: null,
          status: 400,
          message: 'Messages must be JSON',
        });
        return;
      }
      for (const handler of messageHandlers) await handler(client, parsed);
    }

    // The /ws route in a scope of its own: the websocket plugin wraps the routes registered after it, and no other
    // route needs that.
    await app.register(async (scope) => {
      await scope.register(websocket, { options: { maxPayload: 64 * 1024 } });
      scope.get(
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
          const client: Client = {
            id: randomUUID(),
            userId: user.id,
            tokenHash: req.sessionTokenHash,
            socket,
            alive: true,
            delivered: new Set(),
            // What arrives live waits until the opening handlers have written (from the moment it is registered).
            held: [],
          };
          registry.add(client);
          socket.on('pong', () => {
            client.alive = true;
          });
          socket.on('close', () => registry.remove(client));

          let windowStart = Date.now();
          let inWindow = 0;
          // Client messages are handled one at a time, in order, after the opening.
          let queue = registry
            .catchUp(client, async (write) => {
              // Seen from its opening, not only from the next beat: a message arriving meanwhile is seen live.
              await opts
                .socketsSeen(db, [client.tokenHash], now())
                .catch((err: unknown) => app.log.error({ err }, 'websocket presence mark failed'));
              const opening = { query: req.query as Record<string, unknown>, write };
              for (const open of openers) await open(client, opening);
            })
            .catch((err: unknown) => {
              app.log.error({ err }, 'websocket open failed');
              // The client reconnects and tries again (rather than a socket that missed what it opened with).
              socket.close(1011, 'Reconnect to catch up');
            });
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
        },
      );
    });
  },
  { name: 'realtime', dependencies: ['access'] },
);
