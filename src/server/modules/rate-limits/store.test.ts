// The two rate-limit stores keep one contract: fixed windows per key on the app's clock, a cap that refuses
// without counting, release, clear (by prefix too), and, in the database, expired rows purged on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { rateLimitHits } from '#server/db/schema/index';
import { createTestDatabase } from '#server/test/test-database';
import { createMemoryStore, createPostgresStore, type RateLimitStore } from './index.ts';
import { routePrefix } from './fastify-store.ts';

const MINUTE = 60_000;
let database: Database;
const clock = { now: new Date('2030-01-01T00:00:00Z') };
const now = () => clock.now;
const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const stores: [string, () => RateLimitStore][] = [
  ['memory', () => createMemoryStore(now)],
  ['database', () => createPostgresStore(database.db, now)],
];

describe.each(stores)('the %s store', (name, make) => {
  const key = (k: string) => `${name}|${k}`;

  it('counts hits in a fixed window that starts at the first hit', async () => {
    const store = make();
    expect(await store.peek(key('a'))).toBeNull();
    const first = await store.take(key('a'), 10 * MINUTE, null);
    expect(first).toMatchObject({ count: 1 });
    expect(first!.resetAt.getTime()).toBe(clock.now.getTime() + 10 * MINUTE);
    advance(MINUTE);
    const second = await store.take(key('a'), 10 * MINUTE, null);
    expect(second).toMatchObject({ count: 2, resetAt: first!.resetAt, lastHitAt: clock.now });
    expect(await store.peek(key('a'))).toMatchObject({ count: 2 });
    advance(9 * MINUTE);
    expect(await store.peek(key('a'))).toBeNull();
    expect(await store.take(key('a'), 10 * MINUTE, null)).toMatchObject({ count: 1 });
  });

  it('refuses past the cap without counting, and releases a hit', async () => {
    const store = make();
    for (let i = 1; i <= 3; i++) expect(await store.take(key('b'), MINUTE, 3)).toMatchObject({ count: i });
    expect(await store.take(key('b'), MINUTE, 3)).toBeNull();
    expect(await store.peek(key('b'))).toMatchObject({ count: 3 });
    await store.release(key('b'));
    expect(await store.take(key('b'), MINUTE, 3)).toMatchObject({ count: 3 });
  });

  it('counts parallel hits exactly', async () => {
    const store = make();
    const results = await Promise.all(Array.from({ length: 25 }, () => store.take(key('c'), MINUTE, 10)));
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(await store.peek(key('c'))).toMatchObject({ count: 10 });
  });

  it('clears one key, or every key with a prefix (taken literally)', async () => {
    const store = make();
    for (const k of ['p|a%b|1', 'p|a%b|2', 'p|axb|1', 'p|a%b']) await store.take(key(k), MINUTE, null);
    await store.clear(key('p|a%b|'), { prefix: true });
    expect(await store.peek(key('p|a%b|1'))).toBeNull();
    expect(await store.peek(key('p|a%b|2'))).toBeNull();
    expect(await store.peek(key('p|axb|1'))).not.toBeNull();
    expect(await store.peek(key('p|a%b'))).not.toBeNull();
    await store.clear(key('p|a%b'));
    expect(await store.peek(key('p|a%b'))).toBeNull();
  });
});

describe('the memory store when full', () => {
  it('makes room for a new key from the windows that started first, however often they were hit', async () => {
    const store = createMemoryStore(now, 3);
    await store.take('full|a', 10 * MINUTE, null);
    await store.take('full|a', 10 * MINUTE, null);
    advance(MINUTE);
    await store.take('full|b', 10 * MINUTE, null);
    await store.take('full|c', 10 * MINUTE, null);
    await store.take('full|a', 10 * MINUTE, null);
    await store.take('full|d', 10 * MINUTE, null);
    expect(await store.peek('full|a')).toBeNull();
    for (const k of ['full|b', 'full|c', 'full|d']) expect(await store.peek(k)).toMatchObject({ count: 1 });
    // A key that was dropped starts a new window when it comes back.
    expect(await store.take('full|a', 10 * MINUTE, 2)).toMatchObject({ count: 1 });
  });

  it('drops expired keys before live ones, and answers at once what take and peek answer', async () => {
    const store = createMemoryStore(now, 3);
    await store.take('full|short', MINUTE, null);
    await store.take('full|long', 10 * MINUTE, null);
    advance(2 * MINUTE);
    await store.take('full|x', 10 * MINUTE, null);
    await store.take('full|y', 10 * MINUTE, null);
    expect(await store.peek('full|long')).toMatchObject({ count: 1 });
    const hit = store.hitNow('full|y', 10 * MINUTE, 2);
    expect(hit).toMatchObject({ count: 2, resetAt: clock.now.getTime() + 10 * MINUTE });
    expect(store.hitNow('full|y', 10 * MINUTE, 2)).toBeNull();
    expect(store.endsAt('full|y')).toBe(hit!.resetAt);
    expect(store.endsAt('full|nobody')).toBeNull();
  });
});

describe('the database store', () => {
  it('purges expired rows on the way, at most once a minute', async () => {
    const store = createPostgresStore(database.db, now);
    const stored = async (k: string) =>
      (await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, k))).length === 1;
    await store.take('purge|old', MINUTE, null);
    await store.take('purge|live', 60 * MINUTE, null);
    advance(2 * MINUTE);
    expect(await stored('purge|old')).toBe(true); // expired, still there until a hit purges
    await store.take('purge|new', 10_000, null);
    expect(await stored('purge|old')).toBe(false);
    expect(await stored('purge|live')).toBe(true);
    // Within the minute after a purge, no other purge.
    advance(20_000);
    await store.take('purge|other', MINUTE, null);
    expect(await stored('purge|new')).toBe(true);
    advance(MINUTE);
    await store.take('purge|other', MINUTE, null);
    expect(await stored('purge|new')).toBe(false);
  });
});

describe('leases on a generous cap (the database store)', () => {
  const storedCount = async (k: string) =>
    (await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, k)))[0]?.count ?? 0;

  it('reserves a twentieth of the cap in one write, and hands it out from memory', async () => {
    const store = createPostgresStore(database.db, now);
    for (let i = 1; i <= 12; i++)
      expect(await store.take('lease|a', MINUTE, 100)).toMatchObject({ count: i });
    // Three leases of 5 were counted: 15 in the table after 12 hits, not 12 statements.
    expect(await storedCount('lease|a')).toBe(15);
  });

  it('never lets two instances together past the cap, and near it counts every hit again', async () => {
    const [a, b] = [createPostgresStore(database.db, now), createPostgresStore(database.db, now)];
    let granted = 0;
    for (let i = 0; i < 150; i++) if (await (i % 2 ? a : b).take('lease|b', MINUTE, 100)) granted += 1;
    expect(await storedCount('lease|b')).toBe(100);
    // What each instance leased and did not use is lost for the window: at most a lease less one per instance.
    expect(granted).toBeGreaterThanOrEqual(100 - 2 * 4);
    expect(granted).toBeLessThanOrEqual(100);
    expect(await a.take('lease|b', MINUTE, 100)).toBeNull();
    advance(MINUTE);
    expect(await a.take('lease|b', MINUTE, 100)).toMatchObject({ count: 1 });
  });

  it('lets parallel requests of one client share a lease instead of each taking its own', async () => {
    // A page opening with several API calls at once, at the start of a window: each call taking a lease of 30
    // would spend 30 hits of a 600 cap on one request, and 50 at once would exhaust the window.
    const store = createPostgresStore(database.db, now);
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.take('lease|p', MINUTE, 600)));
    expect(hits.every((h) => h !== null)).toBe(true);
    expect(hits.map((h) => h!.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    // Two leases of 30 cover the 50 hits.
    expect(await storedCount('lease|p')).toBe(60);
  });

  it('forgets leases with the key it clears', async () => {
    const store = createPostgresStore(database.db, now);
    await store.take('lease|c', MINUTE, 40);
    await store.clear('lease|c');
    expect(await store.take('lease|c', MINUTE, 40)).toMatchObject({ count: 1 });
    expect(await storedCount('lease|c')).toBe(2);
  });
});

describe('route keys of @fastify/rate-limit', () => {
  it('name the method and the route pattern', () => {
    expect(routePrefix({ routeInfo: { method: 'POST', url: '/api/auth/login' } })).toBe(
      'route|POST /api/auth/login|',
    );
    expect(routePrefix({ routeInfo: { method: ['GET', 'HEAD'], url: '/api/x/:id' } })).toBe(
      'route|GET,HEAD /api/x/:id|',
    );
  });
});
