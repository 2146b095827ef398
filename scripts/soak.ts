// `npm run soak`: the realtime soak. Two app instances (src/server/main.ts) on one fresh PostgreSQL database,
// 200 sockets (100 customers, 100 providers; each user talks with two others, so messages reach a user from
// several senders at once) held the way the web client holds them: with churn (every second a few sockets drop,
// abruptly or cleanly, and reconnect after a pause to either instance with `?lastMessageId=` of the last message
// they got, which backfills what they missed), and steady message traffic (POST /api/messages on either
// instance, or a sendMessage over the sender's socket). Prints sent, delivered, lost, duplicated, the delivery
// latency (live deliveries: send to messageReceived; backfilled ones separately) and each instance's RSS at the
// start (after a warm-up) and at the end. Targets: 0 lost, 0 duplicated, RSS within 10 % (judged on runs of 5 minutes
// or more); exits 1 when missed.
//
//   npm run soak                      10 minutes
//   npm run soak -- --minutes 3       another length
//   npm run soak -- --quick           about a minute
//   npm run soak -- --sockets 200 --rate 20 --churn 4
// The database is on TEST_DATABASE_URL's (or BENCH_DATABASE_URL's) server, or on a throwaway server started here.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { openPostgres } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { seedPairs, type Pair, type WsEvent } from './lib/messaging.ts';
import {
  appEnv,
  createCleanups,
  freshDatabase,
  pct,
  rssMiB,
  sleep,
  startServer,
  type Server,
} from './lib/processes.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    sockets: { type: 'string', default: '200' },
    /** Messages sent per second. */
    rate: { type: 'string', default: '20' },
    /** Sockets dropped per second. */
    churn: { type: 'string', default: '4' },
  },
});
const MINUTES = Number(args.minutes ?? (args.quick ? 1 : 10));
const SOCKETS = Number(args.sockets);
const RATE = Number(args.rate);
const CHURN = Number(args.churn);
if (![MINUTES, SOCKETS, RATE, CHURN].every((n) => Number.isFinite(n) && n > 0)) {
  throw new Error('--minutes, --sockets, --rate and --churn take positive numbers');
}
const DURATION_MS = MINUTES * 60_000;
/**
 * RSS "at start" is read after this warm-up: sockets open, traffic flowing, code compiled, and the heap past the
 * start's burst (seeding, 200 upgrades at once), which the first minute's garbage collections give back.
 */
const WARMUP_MS = Math.min(120_000, DURATION_MS / 5);
/**
 * RSS is sampled every second; "start" is the median over the window after the warm-up, "end" the median over the
 * run's last window (one sample swings with each garbage collection).
 */
const RSS_WINDOW_MS = Math.min(30_000, DURATION_MS / 4);
const { onCleanup, cleanup } = createCleanups('soak', DURATION_MS + 300_000);

interface Conversation {
  estimate: string;
  customer: User;
  provider: User;
}

/** One signed-in user and their socket, held as the web client holds it. */
class User {
  socket: WebSocket | null = null;
  lastMessageId: string | null = null;
  /** Times each message addressed to this user arrived (any socket life, live or backfilled). */
  readonly got = new Map<string, number>();
  connects = 0;
  private backfilling = false;
  private waiters = new Map<string, (id: string | null) => void>();

  constructor(
    readonly id: string,
    readonly cookie: string,
    private readonly bases: string[],
    private readonly onDelivered: (messageId: string, content: string, backfilled: boolean) => void,
  ) {}

  connect(instance: number): Promise<void> {
    const query = this.lastMessageId ? `?lastMessageId=${this.lastMessageId}` : '';
    const ws = new WebSocket(`${this.bases[instance]!.replace('http', 'ws')}/ws${query}`, {
      headers: { cookie: this.cookie },
    });
    this.socket = ws;
    this.connects++;
    this.backfilling = query !== '';
    // Connected when the server says the socket is ready (its `ready` event, after the socket's set-up reads), as
    // the web client and the messaging bench wait: traffic started at `open` would time the set-ups too.
    let connected!: () => void;
    const ready = new Promise<void>((res) => (connected = res));
    ws.on('message', (data) => {
      // A dropped socket is gone for the client (a closed tab), even while its close handshake is still on its way.
      if (this.socket !== ws) return;
      const e = JSON.parse(data.toString()) as WsEvent;
      if (e.type === 'ready') connected();
      if (e.type === 'synced') this.backfilling = false;
      if (e.type === 'messageSent' && e.clientId) this.waiters.get(e.clientId)?.(e.message?.id ?? null);
      if (e.type === 'error' && e.clientId) this.waiters.get(e.clientId)?.(null);
      if ((e.type !== 'messageReceived' && e.type !== 'messageSent') || !e.message) return;
      this.lastMessageId = e.message.id;
      if (e.message.receiverId !== this.id) return;
      const n = (this.got.get(e.message.id) ?? 0) + 1;
      this.got.set(e.message.id, n);
      if (n === 1) this.onDelivered(e.message.id, e.message.content, this.backfilling);
    });
    ws.on('close', () => {
      if (this.socket === ws) this.socket = null;
      for (const w of this.waiters.values()) w(null);
      connected();
    });
    ws.once('error', () => connected());
    return ready;
  }

  drop() {
    const ws = this.socket;
    this.socket = null;
    if (!ws) return;
    // Half the drops are abrupt (a phone losing its network), half clean closes (a tab closed).
    if (Math.random() < 0.5) ws.terminate();
    else ws.close();
  }

  /** Sends over the socket; resolves with the stored message's id (its messageSent), or null. */
  sendOverSocket(receiverId: string, estimateId: string, content: string): Promise<string | null> {
    const ws = this.socket;
    if (!ws || ws.readyState !== ws.OPEN) return Promise.resolve(null);
    const clientId = randomBytes(6).toString('hex');
    return new Promise((res) => {
      const timer = setTimeout(() => done(null), 30_000);
      const done = (id: string | null) => {
        clearTimeout(timer);
        this.waiters.delete(clientId);
        res(id);
      };
      this.waiters.set(clientId, done);
      ws.send(
        JSON.stringify({ type: 'sendMessage', receiverId, clientId, message: { estimateId, content } }),
      );
    });
  }
}

async function main() {
  const tmp = mkdtempSync(join(os.tmpdir(), 'homefix-soak-'));
  onCleanup('temp dir', () => rmSync(tmp, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase(
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    'soak',
    onCleanup,
  );
  const database = openPostgres(databaseUrl);
  onCleanup('seed connection', () => database.close());
  await database.migrate();
  await loadReferenceData(database.db);
  const instances: Server[] = [];
  for (const name of ['app1', 'app2']) {
    instances.push(
      await startServer({
        name,
        onCleanup,
        logFile: join(tmp, `${name}.log`),
        env: appEnv(databaseUrl, 'http://127.0.0.1', { RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000' }),
      }),
    );
  }
  const bases = instances.map((s) => s.url);
  const pairs: Pair[] = await seedPairs(database.db, {
    databaseUrl,
    appUrl: bases[0]!,
    count: Math.max(2, Math.floor(SOCKETS / 2)),
    log: (line) => console.log(line),
  });

  // Deliveries and their latency, by content tag.
  const sentAt = new Map<string, number>();
  const live: number[] = [];
  const backfilled: number[] = [];
  const onDelivered = (_id: string, content: string, wasBackfilled: boolean) => {
    const t0 = sentAt.get(content);
    if (t0 === undefined) return;
    (wasBackfilled ? backfilled : live).push(performance.now() - t0);
  };
  const customers = pairs.map((p) => new User(p.customer, p.cookies[0], bases, onDelivered));
  const providers = pairs.map((p) => new User(p.provider, p.cookies[1], bases, onDelivered));
  const users = [...customers, ...providers];
  // Provider i talks with customer i (on i's estimate) and with customer i+1 (on theirs).
  const conversations: Conversation[] = pairs.flatMap((p, i) => {
    const next = (i + 1) % pairs.length;
    return [
      { estimate: p.estimate, customer: customers[i]!, provider: providers[i]! },
      { estimate: pairs[next]!.estimate, customer: customers[next]!, provider: providers[i]! },
    ];
  });

  // Messages: `acked` holds every stored one (201 or messageSent) with its receiver.
  const acked = new Map<string, User>();
  const missing = () => [...acked].filter(([id, to]) => !to.got.has(id));
  let refused = 0;
  let seq = 0;
  async function sendOne(c: Conversation, fromProvider: boolean) {
    const [from, to] = fromProvider ? [c.provider, c.customer] : [c.customer, c.provider];
    const content = `soak message ${seq++} ${randomBytes(4).toString('hex')}`;
    sentAt.set(content, performance.now());
    let id: string | null = null;
    if (Math.random() < 1 / 3 && from.socket?.readyState === WebSocket.OPEN) {
      id = await from.sendOverSocket(to.id, c.estimate, content);
    } else {
      try {
        const r = await fetch(`${bases[Math.floor(Math.random() * bases.length)]}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: from.cookie },
          body: JSON.stringify({ estimateId: c.estimate, receiverId: to.id, content }),
        });
        if (r.status === 201) id = ((await r.json()) as { message: { id: string } }).message.id;
        else await r.arrayBuffer();
      } catch {
        id = null;
      }
    }
    if (id) acked.set(id, to);
    else refused++;
    return id;
  }

  // Every conversation starts with the provider's message (before the sockets open), so each user has a last
  // message to backfill from when a socket drops.
  console.log(
    `opening ${users.length} sockets across 2 instances; the first message of each conversation...`,
  );
  for (const c of conversations) {
    const id = await sendOne(c, true);
    if (!id) throw new Error('the first message of a conversation was refused');
    c.provider.lastMessageId = id;
    c.customer.lastMessageId = id;
    c.customer.got.set(id, 1);
  }
  await Promise.all(users.map((u, i) => u.connect(i % 2)));

  console.log(
    `soak: ${MINUTES} min, ${users.length} sockets, ${RATE} messages/s, ${CHURN} socket drops/s (reconnect after 0.2-3 s)`,
  );
  const start = performance.now();
  const end = start + DURATION_MS;
  const rssSamples = instances.map(() => [] as { t: number; mib: number }[]);
  const sampler = setInterval(() => {
    const t = performance.now() - start;
    instances.forEach((s, i) => {
      const mib = rssMiB(s.pid);
      if (mib !== null) rssSamples[i]!.push({ t, mib });
    });
  }, 1000);
  const medianRss = (i: number, from: number, to: number) => {
    const list = rssSamples[i]!.filter((x) => x.t >= from && x.t < to)
      .map((x) => x.mib)
      .sort((a, b) => a - b);
    return list.length === 0 ? null : list[Math.floor(list.length / 2)]!;
  };
  let drops = 0;
  const inflight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  const churn = setInterval(() => {
    for (let k = 0; k < CHURN; k++) {
      const u = users[Math.floor(Math.random() * users.length)]!;
      if (!u.socket) continue;
      u.drop();
      drops++;
      const pause = 200 + Math.random() * 2800;
      track(sleep(pause).then(() => u.connect(Math.floor(Math.random() * 2))));
    }
  }, 1000);
  let lastReport = start;
  for (let k = 0; performance.now() < end; k++) {
    const wait = start + (k * 1000) / RATE - performance.now();
    if (wait > 0) await sleep(wait);
    const c = conversations[Math.floor(Math.random() * conversations.length)]!;
    track(sendOne(c, Math.random() < 0.5).then(() => {}));
    if (performance.now() - lastReport >= 60_000) {
      lastReport = performance.now();
      const minute = Math.round((lastReport - start) / 60_000);
      console.log(
        `  ${minute} min: sent ${acked.size}, delivered ${acked.size - missing().length}, drops ${drops}, RSS ${instances.map((s) => `${s.name} ${rssMiB(s.pid)} MiB`).join(', ')}`,
      );
    }
  }
  clearInterval(churn);
  clearInterval(sampler);
  const rssStart = instances.map((_, i) => medianRss(i, WARMUP_MS, WARMUP_MS + RSS_WINDOW_MS));
  const rssEnd = instances.map((_, i) => medianRss(i, DURATION_MS - RSS_WINDOW_MS, Infinity));
  const sendSeconds = (performance.now() - start) / 1000;
  // Let the reconnects and the sends in flight finish, then wait for the last deliveries.
  while (inflight.size > 0) await Promise.all([...inflight]);
  await Promise.all(users.filter((u) => !u.socket).map((u) => u.connect(Math.floor(Math.random() * 2))));
  for (let i = 0; i < 100 && missing().length > 0; i++) await sleep(100);

  const lostIds = missing();
  const duplicated = users.reduce((n, u) => n + [...u.got.values()].filter((x) => x > 1).length, 0);
  const delivered = acked.size - lostIds.length;
  const sortedLive = live.sort((a, b) => a - b);
  const sortedBackfilled = backfilled.sort((a, b) => a - b);
  const rssLines = instances.map((s, i) => {
    const a = rssStart[i] ?? null;
    const b = rssEnd[i] ?? null;
    const change = a && b ? ((b - a) / a) * 100 : NaN;
    return { name: s.name, a, b, change };
  });
  const f = (n: number) => n.toFixed(1);
  console.log('');
  console.log(
    `soak: ${MINUTES} min on 2 instances (PostgreSQL LISTEN/NOTIFY), ${users.length} sockets, ${users.reduce((n, u) => n + u.connects, 0)} connects (${drops} drops with reconnect and backfill)`,
  );
  console.log(
    `  sent ${acked.size} (in ${sendSeconds.toFixed(0)} s; not acknowledged ${refused}: refused, or the socket dropped before messageSent), delivered ${delivered}, lost ${lostIds.length}, duplicated ${duplicated}`,
  );
  console.log(
    `  latency ms, live (${sortedLive.length}): p50 ${f(pct(sortedLive, 50))}, p99 ${f(pct(sortedLive, 99))}, max ${f(sortedLive.at(-1) ?? NaN)}`,
  );
  console.log(
    `  latency ms, backfilled after a reconnect (${sortedBackfilled.length}): p50 ${f(pct(sortedBackfilled, 50))}, p99 ${f(pct(sortedBackfilled, 99))}`,
  );
  for (const r of rssLines) {
    console.log(
      `  RSS ${r.name}: ${r.a ?? 'n/a'} MiB after the warm-up, ${r.b ?? 'n/a'} MiB at the end (medians over ${Math.round(RSS_WINDOW_MS / 1000)} s; ${r.change >= 0 ? '+' : ''}${f(r.change)} %)`,
    );
  }
  if (lostIds.length > 0) {
    console.log(
      `  first lost: ${lostIds
        .slice(0, 5)
        .map(([id, u]) => `${id} to ${u.id}`)
        .join('; ')}`,
    );
  }
  // Over a run this short RSS mostly shows the start settling (a quick run's "after the warm-up" is 12 s in),
  // so it is printed, not judged: the RSS target is read on a run of 5 minutes or more.
  const judgeRss = MINUTES >= 5;
  const rssFlat = rssLines.every((r) => Number.isFinite(r.change) && Math.abs(r.change) <= 10);
  const pass = lostIds.length === 0 && duplicated === 0 && (rssFlat || !judgeRss);
  console.log(
    judgeRss
      ? `  targets (0 lost, 0 duplicated, RSS within 10 %): ${pass ? 'met' : 'MISSED'}`
      : `  targets (0 lost, 0 duplicated): ${pass ? 'met' : 'MISSED'}; RSS not judged on a run under 5 minutes (the start still settling), read it on the full 10`,
  );
  for (const u of users) u.socket?.terminate();
  if (!pass) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => void cleanup());
