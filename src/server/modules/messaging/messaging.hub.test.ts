// The hub's per-socket rules on their own: a socket that stops reading is closed once its unsent data passes the
// cap (it reconnects and backfills) instead of being buffered without bound, and one message id is sent to a
// socket once. The socket here is a stand-in with the few properties the hub reads; the delivery paths with
// real sockets are in messaging.ws.test.ts and messaging.instances.test.ts.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Message } from '#domain/schemas/message-api.schema';
import type { Database } from '#server/db/client';
import { createHub, SEND_BUFFER_LIMIT, type Client } from './messaging.hub.ts';

function fakeClient() {
  const sent: string[] = [];
  const closes: number[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send: (data: string) => sent.push(data),
    close: (code: number) => closes.push(code),
  };
  const client: Client = {
    id: 'c1',
    userId: 'u1',
    tokenHash: 'h',
    socket: socket as unknown as WebSocket,
    alive: true,
    delivered: new Set(),
  };
  return { client, socket, sent, closes };
}

const hub = () =>
  createHub({
    database: { kind: 'pglite' } as Database,
    deliver: async () => {},
    onError: () => {},
  });

const message = (id: string) => ({ id }) as Message;

describe('hub.send', () => {
  it('closes a socket whose unsent data passes the cap (1013) and sends it nothing more', () => {
    const h = hub();
    const { client, socket, sent, closes } = fakeClient();
    h.send(client, { type: 'unreadCount', unreadCount: 1 });
    expect(sent).toHaveLength(1);
    socket.bufferedAmount = SEND_BUFFER_LIMIT + 1;
    h.send(client, { type: 'unreadCount', unreadCount: 2 });
    expect(sent).toHaveLength(1);
    expect(closes).toEqual([1013]);
  });

  it('sends one message id to a socket once, whether as received or sent', () => {
    const h = hub();
    const { client, sent } = fakeClient();
    h.send(client, { type: 'messageReceived', message: message('m1') });
    h.send(client, { type: 'messageReceived', message: message('m1') });
    h.send(client, { type: 'messageSent', clientId: null, message: message('m1') });
    h.send(client, { type: 'messageReceived', message: message('m2') });
    expect(sent.map((s) => (JSON.parse(s) as { message: Message }).message.id)).toEqual(['m1', 'm2']);
  });
});
