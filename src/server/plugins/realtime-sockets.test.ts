// The socket registry's per-socket rules on their own: a socket that stops reading is closed once its unsent data
// passes the cap (it reconnects and backfills) instead of being buffered without bound, one message id is sent to a
// socket once, and a socket catching up gets its live events after what it caught up with. The socket here is a
// stand-in with the few properties the registry reads; the delivery paths with real sockets are in
// messaging.ws.test.ts and messaging.instances.test.ts.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Message } from '#domain/schemas/message-api.schema';
import { createSocketRegistry, SEND_BUFFER_LIMIT, type Client } from './realtime-sockets.ts';

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

const hub = () => createSocketRegistry();

const message = (id: string) => ({ id }) as Message;

describe('send', () => {
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

describe('catchUp', () => {
  const ids = (sent: string[]) =>
    sent.map((s) => JSON.parse(s) as { type: string; message?: Message }).map((e) => e.message?.id ?? e.type);

  it('holds what arrives live during a backfill and sends it after, oldest first and never twice', async () => {
    const h = hub();
    const { client, sent } = fakeClient();
    client.held = []; // a reconnect: held from the moment it is registered
    h.send(client, { type: 'messageReceived', message: message('m3') }); // live, before the backfill starts
    await h.catchUp(client, async (write) => {
      write({ type: 'messageReceived', message: message('m1') });
      h.send(client, { type: 'messageReceived', message: message('m4') }); // live, during the backfill
      write({ type: 'messageReceived', message: message('m2') });
      write({ type: 'messageReceived', message: message('m3') });
      write({ type: 'synced', lastMessageId: 'm3' });
    });
    expect(ids(sent)).toEqual(['m1', 'm2', 'm3', 'synced', 'm4']);
    h.send(client, { type: 'messageReceived', message: message('m5') }); // after: at once
    expect(ids(sent).at(-1)).toBe('m5');
  });

  it('drops a held message the socket already has (at or below the message it reconnected from)', async () => {
    const h = hub();
    const { client, sent } = fakeClient();
    client.held = [];
    h.send(client, { type: 'messageReceived', message: message('late') }, 7); // this instance is behind
    h.send(client, { type: 'messageReceived', message: message('new') }, 12);
    await h.catchUp(client, async (write) => {
      client.caughtUpTo = 10;
      write({ type: 'synced', lastMessageId: 'm10' });
    });
    expect(ids(sent)).toEqual(['synced', 'new']);
  });

  it('sends what it held even when the backfill fails', async () => {
    const h = hub();
    const { client, sent } = fakeClient();
    await expect(
      h.catchUp(client, async () => {
        h.send(client, { type: 'messageReceived', message: message('m1') });
        throw new Error('database gone');
      }),
    ).rejects.toThrow('database gone');
    expect(ids(sent)).toEqual(['m1']);
  });
});
