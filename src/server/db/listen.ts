// PostgreSQL LISTEN/NOTIFY: how the realtime channel reaches the sockets of every instance. A NOTIFY sent in a
// transaction is delivered at its commit, in commit order with the others', and never for a rollback.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Executor } from './client.ts';

/** Sends a notification on a channel (delivered to every listening connection, this instance's included). */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Listens on a channel on one dedicated connection, opened with the pool's settings but outside the pool (so
 * closing the pool never waits on it); returns a stop function. If the connection drops, it reconnects after a
 * short pause (and calls onReconnect, so the caller can tell its sockets to resynchronise).
 */
export async function listen(
  db: Db,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client(pool.options);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => {
      if (client !== c) return; // already stopped or replaced
      client = null;
      void c.end().catch(() => {});
      if (!stopped) setTimeout(() => void retry(), 500).unref();
    });
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '')}"`);
    } catch (err) {
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => {}));
    client = c;
  };
  const retry = async () => {
    if (stopped) return;
    try {
      await connect();
      onReconnect();
    } catch {
      setTimeout(() => void retry(), 1000).unref();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
