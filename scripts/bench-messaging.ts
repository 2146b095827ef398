// `node --import tsx scripts/bench-messaging.ts`: the messaging part of the bench. Two real server processes
// (src/server/main.ts) on one PostgreSQL database (a throwaway database on BENCH_DATABASE_URL's or
// TEST_DATABASE_URL's server, or on a throwaway server started here when neither is set), N sockets spread across them (customers and providers, signed in with real sessions),
// messages sent over POST /api/messages and over /ws to a receiver whose socket is on the other instance half
// of the time. Prints the delivery latency (send to the receiver's messageReceived) p50/p99/max, and the lost and
// duplicated counts. Everything it starts it stops, and the database is dropped.
//
//   npm run bench:messaging (= node --import tsx scripts/bench-messaging.ts)   1,000 sockets, 1,000 messages at 50/s
//   node --import tsx scripts/bench-messaging.ts --sockets 200 --messages 400 --rate 200
//   node --import tsx scripts/bench-messaging.ts --cpu-prof DIR   each instance's CPU profile (scripts/bench-profile.ts)
//   node --import tsx scripts/bench-messaging.ts --raw FILE       every delivery: number, kind, ms, and ms from
//                                                                 the send to the row's createdAt (same clock)
// (At 500 messages/s this 2-core machine saturates: seconds of latency and some sends refused with 429.)
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';
import { openPostgres } from '#server/db/client';
import { loadReferenceData } from '#server/db/reference-data';
import { seedPairs } from './lib/messaging.ts';
import { appEnv, createCleanups, freshDatabase, pct, sleep, startServer } from './lib/processes.ts';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '1000' },
    /** Messages started per second (each a POST or a /ws send). */
    rate: { type: 'string', default: '50' },
    'cpu-prof': { type: 'string' },
    /** Writes every delivery (message number, kind, ms after the send) to this file, one a line. */
    raw: { type: 'string' },
  },
});
const SOCKETS = Number(args.sockets);
const MESSAGES = Number(args.messages);
const RATE = Number(args.rate);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const profArgs = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : [];
const { onCleanup, cleanup } = createCleanups('messaging bench');

/** CPU time (user + system) a process has used so far, in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main() {
  const databaseUrl = await freshDatabase(adminUrl, 'bench_msg', onCleanup);
  const tmp = mkdtempSync(join(os.tmpdir(), 'homefix-bench-msg-'));
  onCleanup('temp dir', () => rmSync(tmp, { recursive: true, force: true }));

  const database = openPostgres(databaseUrl);
  onCleanup('seed connection', () => database.close());
  await database.migrate();
  await loadReferenceData(database.db);
  const bases: string[] = [];
  const pids: number[] = [];
  for (const name of ['app1', 'app2']) {
    const server = await startServer({
      name,
      onCleanup,
      logFile: join(tmp, `${name}.log`),
      nodeArgs: profArgs,
      // Each instance's own address is its APP_URL (the sockets are not behind a balancer here).
      env: appEnv(databaseUrl, 'http://127.0.0.1', { RATE_LIMIT_GLOBAL_PER_MINUTE: '100000000' }),
    });
    bases.push(server.url);
    pids.push(server.pid);
  }

  // Pairs: one customer with a posted estimate and one provider per pair; each user one socket.
  const pairs = Math.max(1, Math.floor(SOCKETS / 2));
  const people = await seedPairs(database.db, {
    databaseUrl,
    appUrl: bases[0]!,
    count: pairs,
    log: (line) => console.log(line),
  });

  // Sockets: the customer of pair i on instance i % 2, the provider on the other one.
  const received = new Map<string, number>(); // message id -> times the receiver's socket got it
  const sentAt = new Map<string, number>(); // content tag -> send time
  const kindOf = new Map<string, 'start' | 'post' | 'ws'>(); // content tag -> how it was sent
  const numberOf = new Map<string, number>(); // content tag -> its place in the send order
  const raw: [number, string, number, number][] = [];
  const sentWall = new Map<string, number>(); // content tag -> Date.now() at the send
  const latencies: number[] = [];
  const byKind: Record<'start' | 'post' | 'ws', number[]> = { start: [], post: [], ws: [] };
  const sockets: WebSocket[] = [];
  const socketOf = new Map<string, WebSocket>();
  console.log(`opening ${pairs * 2} sockets across 2 instances...`);
  await Promise.all(
    people.flatMap((pp, i) =>
      ([0, 1] as const).map(
        (side) =>
          new Promise<void>((res, rej) => {
            const base = bases[(i + side) % 2]!;
            const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
              headers: { cookie: pp.cookies[side] },
            });
            ws.on('message', (data) => {
              const e = JSON.parse(data.toString()) as {
                type: string;
                message?: { id: string; content: string; receiverId: string; createdAt: string };
              };
              // Only the receiver's socket counts (the sender's other tabs get the message too).
              const userId = side === 0 ? pp.customer : pp.provider;
              if (e.type !== 'messageReceived' || !e.message || e.message.receiverId !== userId) return;
              const n = (received.get(e.message.id) ?? 0) + 1;
              received.set(e.message.id, n);
              const t0 = sentAt.get(e.message.content);
              if (n === 1 && t0 !== undefined) {
                const ms = performance.now() - t0;
                latencies.push(ms);
                byKind[kindOf.get(e.message.content) ?? 'post'].push(ms);
                raw.push([
                  numberOf.get(e.message.content) ?? -1,
                  kindOf.get(e.message.content) ?? '?',
                  ms,
                  // Of which before the row's createdAt (request, checks, insert) on the same clock.
                  Date.parse(e.message.createdAt) - (sentWall.get(e.message.content) ?? NaN),
                ]);
              }
            });
            // Ready when the server says so (its `ready` event, after the socket's set-up reads), as the web client
            // waits: sends started before it would time the instances' 1,000 socket set-ups, not the messages.
            const onReady = (data: WebSocket.RawData) => {
              if ((JSON.parse(data.toString()) as { type: string }).type !== 'ready') return;
              ws.off('message', onReady);
              res();
            };
            ws.on('message', onReady);
            ws.once('error', rej);
            sockets.push(ws);
            socketOf.set(`${i}:${side}`, ws);
          }),
      ),
    ),
  );

  // Messages: provider -> customer first for every pair (starts the conversation), then both ways, half over
  // POST on a random instance and half over the sender's socket.
  console.log(`sending ${MESSAGES} messages at ${RATE}/s...`);
  const expected = new Set<string>();
  const failures: string[] = [];
  const sends: Promise<void>[] = [];
  const interval = 1000 / RATE;
  const cpuBefore = pids.map(cpuMs);
  const start = performance.now();
  for (let k = 0; k < MESSAGES; k++) {
    const i = k % pairs;
    const pp = people[i]!;
    const fromProvider = k < pairs || k % 2 === 0;
    const side = fromProvider ? 1 : 0;
    const receiverId = fromProvider ? pp.customer : pp.provider;
    const content = `bench message ${k} ${randomBytes(4).toString('hex')}`;
    const wait = start + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
    sentAt.set(content, performance.now());
    numberOf.set(content, k);
    sentWall.set(content, Date.now());
    const overSocket = k >= pairs && k % 4 === 1;
    kindOf.set(content, k < pairs ? 'start' : overSocket ? 'ws' : 'post');
    if (overSocket) {
      const ws = socketOf.get(`${i}:${side}`)!;
      const done = new Promise<void>((res) => {
        const onMsg = (data: WebSocket.RawData) => {
          const e = JSON.parse(data.toString()) as {
            type: string;
            message?: { id: string; content: string };
          };
          if (e.type === 'messageSent' && e.message?.content === content) {
            expected.add(e.message.id);
            ws.off('message', onMsg);
            res();
          } else if (e.type === 'error') {
            failures.push(JSON.stringify(e));
            ws.off('message', onMsg);
            res();
          }
        };
        ws.on('message', onMsg);
      });
      ws.send(
        JSON.stringify({ type: 'sendMessage', receiverId, message: { estimateId: pp.estimate, content } }),
      );
      sends.push(done);
    } else {
      sends.push(
        fetch(`${bases[k % 2]}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: pp.cookies[side] },
          body: JSON.stringify({ estimateId: pp.estimate, receiverId, content }),
        }).then(async (r) => {
          if (r.status !== 201) {
            failures.push(`${r.status} ${await r.text()}`);
            return;
          }
          expected.add(((await r.json()) as { message: { id: string } }).message.id);
        }),
      );
    }
  }
  await Promise.all(sends);
  const sendSeconds = (performance.now() - start) / 1000;
  // Give the last deliveries a moment.
  for (let i = 0; i < 50 && [...expected].some((id) => !received.has(id)); i++) await sleep(100);

  const cpuUsed = pids.map((pid, i) => cpuMs(pid) - cpuBefore[i]!);
  const lost = [...expected].filter((id) => !received.has(id)).length;
  const duplicated = [...received.values()].filter((n) => n > 1).length;
  const sorted = latencies.sort((a, b) => a - b);
  console.log('');
  console.log(
    `messaging: ${pairs * 2} sockets on 2 instances (PostgreSQL LISTEN/NOTIFY), ${MESSAGES} messages in ${sendSeconds.toFixed(1)} s`,
  );
  console.log(
    `  stored: ${expected.size}, refused: ${failures.length}${failures[0] ? ` (first: ${failures[0].slice(0, 200)})` : ''}`,
  );
  console.log(
    `  delivery latency ms: p50 ${pct(sorted, 50).toFixed(1)}, p99 ${pct(sorted, 99).toFixed(1)}, max ${(sorted.at(-1) ?? NaN).toFixed(1)}`,
  );
  for (const [kind, list] of Object.entries(byKind)) {
    const l = list.sort((a, b) => a - b);
    const label = { start: 'first messages (POST)', post: 'replies over POST', ws: 'replies over /ws' }[kind];
    console.log(`    ${label}: ${l.length}, p50 ${pct(l, 50).toFixed(1)}, p99 ${pct(l, 99).toFixed(1)}`);
  }
  console.log(`  lost: ${lost}, duplicated: ${duplicated}`);
  console.log(
    `  instances' CPU while sending: ${cpuUsed.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(' + ')}, ` +
      `${(cpuUsed.reduce((a, b) => a + b, 0) / MESSAGES).toFixed(2)} ms per message`,
  );
  if (args.raw) {
    raw.sort((a, b) => a[0] - b[0]);
    writeFileSync(
      args.raw,
      raw.map(([k, kind, ms, toInsert]) => `${k} ${kind} ${ms.toFixed(1)} ${toInsert}\n`).join(''),
    );
  }
  for (const ws of sockets) ws.terminate();
  if (lost > 0 || duplicated > 0 || failures.length > 0) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => void cleanup());
