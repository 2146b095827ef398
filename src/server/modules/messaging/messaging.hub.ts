// The realtime hub: the open /ws sockets of this instance by user, and the fan-out of messaging events to them.
// On PostgreSQL every event goes through NOTIFY on one channel, so every instance (this one included) hears it
// and delivers to its own sockets; on the embedded database it is delivered in process. Payloads carry ids
// only (a message's row is read by each instance that has a socket for it), well within NOTIFY's 8000 bytes.
import type { WebSocket } from 'ws';
import type { Message, WsServerEvent } from '#domain/schemas/message-api.schema';
import type { Database, Executor } from '#server/db/client';
import * as repo from './messaging.repo.ts';

export type HubEvent =
  | {
      kind: 'message';
      messageId: string;
      /** The message's place in the table's order (a socket that caught up past it skips it). */
      seq?: number;
      senderId: string;
      receiverId: string;
      /** The socket that sent it over /ws (it gets messageSent instead of messageReceived). */
      connectionId: string | null;
      clientId: string | null;
      /** The stored message, when its payload fits NOTIFY's limit; otherwise each instance reads it by id. */
      message?: Message;
    }
  | { kind: 'read'; readerId: string; messageIds: string[]; senderIds: string[]; readAt: string }
  | { kind: 'deleted'; messageId: string; senderId: string; receiverId: string }
  | {
      kind: 'closeSessions';
      tokenHash?: string;
      userId?: string;
      exceptTokenHash?: string;
      /** The session lives on under this token hash (re-authentication): its sockets are kept, not closed. */
      renewedTo?: string;
    }
  /** New priority notifications for these users (the notifications module announces them). */
  | { kind: 'notified'; userIds: string[] };

export const NOTIFY_CHANNEL = 'homefix_messages';
/** Read receipts (and notified users) are split so that one payload stays far below NOTIFY's 8000-byte limit. */
const READ_IDS_PER_EVENT = 100;
/** NOTIFY refuses payloads of 8000 bytes or more; the message row rides along only well below that. */
const MAX_PAYLOAD_BYTES = 7500;
/** A socket whose unsent data passes this is a slow consumer: it is closed (the client reconnects and backfills). */
export const SEND_BUFFER_LIMIT = 1024 * 1024;

export interface Client {
  id: string;
  userId: string;
  tokenHash: string;
  socket: WebSocket;
  alive: boolean;
  /** Ids of the recent messages this socket got (a backfill racing a live delivery never sends one twice). */
  delivered: Set<string>;
  /**
   * Live events for this socket while it catches up (its backfill runs): sent after the backfill, so the socket gets
   * its messages oldest first and the last one it got is the newest (what it reconnects from). Null otherwise.
   */
  held?: { event: WsServerEvent; seq?: number }[] | null;
  /**
   * The socket's client already has every message of its user up to this `seq` (the message it reconnected from):
   * a live delivery at or below it, late because this instance is behind, is not sent again.
   */
  caughtUpTo?: number;
}

const DELIVERED_REMEMBERED = 2000;

export interface Hub {
  /**
   * Publishes an event to every instance. On PostgreSQL `tx` may be the transaction that made the change: its
   * NOTIFY is then delivered at commit, in commit order with the other transactions' (see `publishesAtCommit`).
   */
  publish(event: HubEvent, tx?: Executor): Promise<void>;
  /** True on PostgreSQL, where an event published inside a transaction goes out when (and if) it commits. */
  readonly publishesAtCommit: boolean;
  add(client: Client): void;
  remove(client: Client): void;
  /**
   * Sends one event to one socket, closing it if it cannot keep up (held while the socket catches up; a message's
   * `seq` lets a held one the socket turns out to have already be dropped).
   */
  send(client: Client, event: WsServerEvent, seq?: number): void;
  /**
   * Runs a socket's backfill: `run` writes at once; the live events meanwhile wait and follow it, in order, without
   * the messages the backfill already sent.
   */
  catchUp(client: Client, run: (write: (event: WsServerEvent) => void) => Promise<void>): Promise<void>;
  clients(): Iterable<Client>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface HubDeps {
  database: Database;
  /** Delivers an event to this instance's sockets (the messaging module builds it on the service). */
  deliver: (event: HubEvent, local: LocalSockets) => Promise<void>;
  onError: (err: unknown) => void;
}

export interface LocalSockets {
  of(userId: string): Client[];
  send(client: Client, event: WsServerEvent, seq?: number): void;
  close(client: Client, code: number, reason: string): void;
}

export function createHub(deps: HubDeps): Hub {
  const byUser = new Map<string, Set<Client>>();
  let stopListening: (() => Promise<void>) | null = null;
  let chain = Promise.resolve();

  function send(client: Client, event: WsServerEvent, seq?: number) {
    if (client.held) {
      client.held.push({ event, seq });
      return;
    }
    write(client, event);
  }

  function write(client: Client, event: WsServerEvent) {
    const socket = client.socket;
    if (socket.readyState !== socket.OPEN) return;
    if (event.type === 'messageReceived' || event.type === 'messageSent') {
      if (client.delivered.has(event.message.id)) return;
      client.delivered.add(event.message.id);
      if (client.delivered.size > DELIVERED_REMEMBERED) {
        const oldest = client.delivered.values().next().value;
        if (oldest !== undefined) client.delivered.delete(oldest);
      }
    }
    if (socket.bufferedAmount > SEND_BUFFER_LIMIT) {
      socket.close(1013, 'Too slow: reconnect to catch up');
      return;
    }
    socket.send(JSON.stringify(event));
  }

  const local: LocalSockets = {
    of: (userId) => [...(byUser.get(userId) ?? [])],
    send,
    close: (client, code, reason) => client.socket.close(code, reason),
  };

  // Events are delivered one after another, in the order they were heard, so a socket never sees a read receipt
  // before the message it reads.
  function deliverInOrder(event: HubEvent) {
    chain = chain.then(() => deps.deliver(event, local)).catch(deps.onError);
    return chain;
  }

  function payloads(event: HubEvent): HubEvent[] {
    if (event.kind === 'notified') {
      const parts: HubEvent[] = [];
      for (let i = 0; i < event.userIds.length; i += READ_IDS_PER_EVENT) {
        parts.push({ kind: 'notified', userIds: event.userIds.slice(i, i + READ_IDS_PER_EVENT) });
      }
      return parts;
    }
    if (event.kind !== 'read' || event.messageIds.length <= READ_IDS_PER_EVENT) return [event];
    const parts: HubEvent[] = [];
    for (let i = 0; i < event.messageIds.length; i += READ_IDS_PER_EVENT) {
      parts.push({ ...event, messageIds: event.messageIds.slice(i, i + READ_IDS_PER_EVENT) });
    }
    return parts;
  }

  return {
    publishesAtCommit: deps.database.kind === 'postgres',
    async publish(event, tx) {
      if (deps.database.kind !== 'postgres') {
        await deliverInOrder(event);
        return;
      }
      for (const part of payloads(event)) {
        let payload = JSON.stringify(part);
        if (part.kind === 'message' && Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
          payload = JSON.stringify({ ...part, message: undefined });
        }
        await repo.notify(tx ?? deps.database.db, NOTIFY_CHANNEL, payload);
      }
    },
    add(client) {
      let set = byUser.get(client.userId);
      if (!set) byUser.set(client.userId, (set = new Set()));
      set.add(client);
    },
    remove(client) {
      const set = byUser.get(client.userId);
      set?.delete(client);
      if (set && set.size === 0) byUser.delete(client.userId);
    },
    send,
    async catchUp(client, run) {
      client.held ??= [];
      try {
        await run((event) => write(client, event));
      } finally {
        const held = client.held;
        client.held = null;
        for (const { event, seq } of held) {
          if (seq === undefined || seq > (client.caughtUpTo ?? 0)) write(client, event);
        }
      }
    },
    *clients() {
      for (const set of byUser.values()) yield* set;
    },
    async start() {
      if (deps.database.kind !== 'postgres') return;
      stopListening = await repo.listen(
        deps.database.db,
        NOTIFY_CHANNEL,
        (payload) => {
          let event: HubEvent;
          try {
            event = JSON.parse(payload) as HubEvent;
          } catch {
            return;
          }
          void deliverInOrder(event);
        },
        // While the listening connection was down, events may have been missed: every socket reconnects and
        // backfills from its last message id.
        () => {
          for (const set of byUser.values()) {
            for (const c of set) c.socket.close(1012, 'Reconnect to catch up');
          }
        },
      );
    },
    async stop() {
      await stopListening?.();
      stopListening = null;
      await chain;
    },
  };
}
