// The open /ws sockets of this instance, by user, and the rules every send to one of them keeps: a socket whose
// unsent data passes a cap is closed (a slow consumer reconnects and backfills rather than being buffered without
// bound), a message id reaches a socket once, and a socket catching up holds its live events until its backfill
// is written, then gets them without what the backfill already sent.
import type { WebSocket } from 'ws';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';

/** A socket whose unsent data passes this is a slow consumer: it is closed (the client reconnects and backfills). */
export const SEND_BUFFER_LIMIT = 1024 * 1024;
/** Message ids remembered per socket, so a backfill racing a live delivery never sends one twice. */
const DELIVERED_REMEMBERED = 2000;

export interface Client {
  id: string;
  userId: string;
  tokenHash: string;
  socket: WebSocket;
  alive: boolean;
  /** Ids of the recent messages this socket got (a backfill racing a live delivery never sends one twice). */
  delivered: Set<string>;
  /**
   * Live events for this socket while it catches up (its opening or backfill runs): sent afterwards, so the socket
   * gets its messages oldest first and the last one it got is the newest (what it reconnects from). Null otherwise.
   */
  held?: { event: WsServerEvent; seq?: number }[] | null;
  /**
   * The socket's client already has every message of its user up to this `seq` (the message it reconnected from):
   * a live delivery at or below it, late because this instance is behind, is not sent again.
   */
  caughtUpTo?: number;
}

/** This instance's sockets, as the features that deliver to them see them. */
export interface LocalSockets {
  of(userId: string): Client[];
  all(): Iterable<Client>;
  /**
   * Sends one event to one socket, closing it if it cannot keep up (held while the socket catches up; a message's
   * `seq` lets a held one the socket turns out to have already be dropped).
   */
  send(client: Client, event: WsServerEvent, seq?: number): void;
  close(client: Client, code: number, reason: string): void;
}

export interface SocketRegistry extends LocalSockets {
  add(client: Client): void;
  remove(client: Client): void;
  /**
   * Runs a socket's catching up: `run` writes at once; the live events meanwhile wait and follow it, in order,
   * without the messages it already sent.
   */
  catchUp(client: Client, run: (write: (event: WsServerEvent) => void) => Promise<void>): Promise<void>;
}

export function createSocketRegistry(): SocketRegistry {
  const byUser = new Map<string, Set<Client>>();

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

  return {
    of: (userId) => [...(byUser.get(userId) ?? [])],
    *all() {
      for (const set of byUser.values()) yield* set;
    },
    send(client, event, seq) {
      if (client.held) {
        client.held.push({ event, seq });
        return;
      }
      write(client, event);
    },
    close: (client, code, reason) => client.socket.close(code, reason),
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
  };
}
