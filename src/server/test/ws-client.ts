// A /ws client for tests: a real socket (the `ws` package, which can send a Cookie and an Origin), with the
// events it received and a way to wait for the next one of a kind.
import WebSocket from 'ws';
import type { WsServerEvent } from '#domain/schemas/message-api.schema';

export const ORIGIN = 'http://localhost:5000';

export interface TestSocket {
  ws: WebSocket;
  events: WsServerEvent[];
  /** The first event of this type not yet taken (waits up to `ms`). */
  next<T extends WsServerEvent['type']>(type: T, ms?: number): Promise<Extract<WsServerEvent, { type: T }>>;
  send(message: object): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(
  baseUrl: string,
  opts: { cookie?: string; origin?: string | null; query?: string } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin !== null) headers.origin = opts.origin ?? ORIGIN;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws${opts.query ? `?${opts.query}` : ''}`, {
    headers,
  });
  const events: WsServerEvent[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as WsServerEvent);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const socket: TestSocket = {
    ws,
    events,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    close: () => ws.close(),
    next(type, ms = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${ms} ms`)), ms);
        const look = () => {
          const i = events.findIndex((e, idx) => e.type === type && !taken.has(idx));
          if (i >= 0) {
            taken.add(i);
            clearTimeout(timer);
            resolve(events[i] as never);
          } else {
            waiters.push(look);
          }
        };
        look();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
