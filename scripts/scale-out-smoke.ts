// `npm run smoke:scale-out`: two app instances (src/server/main.ts) on one fresh PostgreSQL database behind
// HAProxy from deploy/haproxy.cfg, everything on 127.0.0.1, and the checks of a stateless scale-out:
//   1. both instances start at once on the empty database (the migrations run once, under a lock);
//   2. a user signs in through the balancer and requests alternate between the instances (HAProxy's
//      X-Served-By header), every one of them signed in (sessions are rows in PostgreSQL);
//   3. a message sent through one instance reaches a /ws socket held (through the balancer) by the other;
//   4. a picture stored through one instance is served by both;
//   5. a rate limit counts across the instances: a limited route answers 429 after one limit's worth of requests,
//      not two, even with a forged X-Forwarded-For on each request.
// The database is TEST_DATABASE_URL's server (as CI sets it) or a throwaway server started here. Exits non-zero
// on any failed check; stops everything it started.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { openPostgres } from '#server/db/client';
import { makeCustomer, makeEstimate, makePicture, makeProvider } from '#server/test/factories';
import {
  appEnv,
  createCleanups,
  freePort,
  freshDatabase,
  startHaproxy,
  startServer,
  type Server,
} from './lib/processes.ts';

const RATE_LIMIT = 6;
const { onCleanup, cleanup } = createCleanups('scale-out smoke', 120_000);
const failures: string[] = [];
function check(ok: boolean, what: string) {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

async function main() {
  const t0 = performance.now();
  const tmp = mkdtempSync(join(os.tmpdir(), 'homefix-scale-out-'));
  onCleanup('temp dir', () => rmSync(tmp, { recursive: true, force: true }));
  const databaseUrl = await freshDatabase(
    process.env.SMOKE_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    'scale_out_smoke',
    onCleanup,
  );

  // 1. Two instances at once on the empty database.
  const lbPort = await freePort();
  const publicUrl = `http://127.0.0.1:${lbPort}`;
  const env = appEnv(databaseUrl, publicUrl, {
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_AUTH_PER_IP: String(RATE_LIMIT),
    LOG_LEVEL: 'info',
  });
  console.log('starting app1 and app2 at once on an empty database...');
  const names = ['app1', 'app2'] as const;
  const instances: Server[] = await Promise.all(
    names.map((name) => startServer({ name, onCleanup, env, logFile: join(tmp, `${name}.log`) })),
  );
  check(true, `both instances ready on the empty database (migrations under the advisory lock)`);

  const database = openPostgres(databaseUrl);
  onCleanup('seed connection', () => database.close());
  const customer = await makeCustomer(database.db, { messageLimit: null });
  const provider = await makeProvider(database.db, { plan: 'enterprise' });
  const estimate = await makeEstimate(database.db, customer, { status: 'posted' });
  const picture = await makePicture(database.db, estimate.id, customer.id);

  const lb = await startHaproxy({
    onCleanup,
    dir: tmp,
    port: lbPort,
    backends: instances.map((s, i) => ({ name: names[i]!, port: s.port })),
  });
  console.log(`HAProxy on ${lb.url} (${lb.configFile}) -> ${instances.map((s) => s.url).join(', ')}`);

  // 2. Sign in through the balancer; requests alternate and all are signed in.
  async function signIn(user: { email: string; password: string }) {
    const res = await fetch(`${lb.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    await res.arrayBuffer();
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid=') || c.startsWith('__Host-sid='));
    check(res.status === 200 && cookie !== undefined, `${user.email} signs in through the balancer`);
    return cookie?.split(';')[0] ?? '';
  }
  const customerCookie = await signIn(customer);
  const providerCookie = await signIn(provider);
  const servedBy: string[] = [];
  let signedIn = 0;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${lb.url}/api/auth/session`, { headers: { cookie: customerCookie } });
    const body = (await res.json()) as { isAuthenticated: boolean; user: { id: string } | null };
    servedBy.push(res.headers.get('x-served-by') ?? '?');
    if (res.status === 200 && body.isAuthenticated && body.user?.id === customer.id) signedIn++;
  }
  const alternates = servedBy.every((s, i) => i === 0 || s !== servedBy[i - 1]);
  console.log(`  served by: ${servedBy.join(' ')}`);
  check(alternates && new Set(servedBy).size === 2, '10 requests alternate between app1 and app2');
  check(signedIn === 10, `the session holds on both instances (${signedIn}/10 signed in)`);

  // 3. A socket through the balancer on one instance; messages sent through both instances reach it.
  const socketHeld = await new Promise<{ ws: WebSocket; instance: string; events: string[] }>((res, rej) => {
    const ws = new WebSocket(`${lb.url.replace('http', 'ws')}/ws`, { headers: { cookie: customerCookie } });
    const events: string[] = [];
    let instance = '?';
    ws.on('upgrade', (r) => (instance = String(r.headers['x-served-by'] ?? '?')));
    ws.on('message', (d) => events.push(d.toString()));
    ws.once('open', () => res({ ws, instance, events }));
    ws.once('error', rej);
  });
  onCleanup('socket', () => socketHeld.ws.terminate());
  console.log(`  the customer's socket is held by ${socketHeld.instance}`);
  const sentVia: { id: string; instance: string }[] = [];
  for (let k = 0; k < 2; k++) {
    const res = await fetch(`${lb.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: providerCookie },
      body: JSON.stringify({
        estimateId: estimate.id,
        receiverId: customer.id,
        content: `scale-out smoke message ${k + 1}`,
      }),
    });
    const body = (await res.json()) as { message?: { id: string } };
    check(res.status === 201 && !!body.message, `message ${k + 1} stored (${res.status})`);
    if (body.message) sentVia.push({ id: body.message.id, instance: res.headers.get('x-served-by') ?? '?' });
  }
  const deliveredIds = () =>
    socketHeld.events
      .map((e) => JSON.parse(e) as { type: string; message?: { id: string } })
      .filter((e) => e.type === 'messageReceived')
      .map((e) => e.message!.id);
  for (let i = 0; i < 100 && !sentVia.every((s) => deliveredIds().includes(s.id)); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  for (const s of sentVia) {
    const cross = s.instance !== socketHeld.instance;
    check(
      deliveredIds().includes(s.id),
      `a message sent via ${s.instance} reaches the socket on ${socketHeld.instance}${cross ? ' (across instances)' : ''}`,
    );
  }
  check(
    sentVia.some((s) => s.instance !== socketHeld.instance && s.instance !== '?'),
    'at least one message crossed instances (PostgreSQL LISTEN/NOTIFY)',
  );
  check(new Set(deliveredIds()).size === deliveredIds().length, 'no message delivered twice');

  // 4. A picture in PostgreSQL: both instances serve the same bytes.
  const pictureFrom = new Map<string, number>();
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${lb.url}${picture.url}`, { headers: { cookie: customerCookie } });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status === 200) pictureFrom.set(res.headers.get('x-served-by') ?? '?', bytes);
  }
  check(
    pictureFrom.size === 2 && new Set(pictureFrom.values()).size === 1,
    `the picture is served by both instances (${[...pictureFrom].map(([s, b]) => `${s}: ${b} bytes`).join(', ')})`,
  );

  // 5. One rate limit across both instances, whatever X-Forwarded-For the client sends.
  const okBy = new Map<string, number>();
  let ok = 0;
  let limited = false;
  for (let i = 0; i < RATE_LIMIT * 2 + 2 && !limited; i++) {
    const res = await fetch(`${lb.url}/api/resend-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: JSON.stringify({ email: `nobody${i}@example.com` }),
    });
    await res.arrayBuffer();
    if (res.status === 429) limited = true;
    else if (res.status === 200) {
      ok++;
      const s = res.headers.get('x-served-by') ?? '?';
      okBy.set(s, (okBy.get(s) ?? 0) + 1);
    } else check(false, `resend-verification answered ${res.status}`);
  }
  console.log(
    `  ${ok} accepted before 429 (${[...okBy].map(([s, n]) => `${s} ${n}`).join(', ')}); the limit is ${RATE_LIMIT} per address`,
  );
  check(
    limited && ok === RATE_LIMIT,
    `the per-address limit counts once across both instances (${ok} = ${RATE_LIMIT}, not ${RATE_LIMIT * 2})`,
  );
  check(okBy.size === 2, 'the accepted requests were served by both instances');

  const health = await fetch(`${lb.url}/healthz`);
  await health.arrayBuffer();
  check(health.status === 200, '/healthz through the balancer');
  console.log(
    `\nscale-out smoke: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => void cleanup());
