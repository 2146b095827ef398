// `npm run smoke:scale-out`: two app instances (src/server/main.ts) on one fresh PostgreSQL database, behind
// HAProxy from deploy/haproxy.cfg and then behind nginx from deploy/nginx.conf, everything on 127.0.0.1, and the
// checks of a stateless scale-out:
//   1. both instances start at once on the empty database (the migrations run once, under a lock);
//   then through each balancer in turn:
//   2. a user signs in through the balancer and requests alternate between the instances (the balancer's
//      X-Served-By header), every one of them signed in (sessions are rows in PostgreSQL);
//   3. a message sent through one instance reaches a /ws socket held (through the balancer) by the other;
//   4. a picture stored through one instance is served by both;
//   5. a rate limit counts across the instances: a limited route answers 429 after one limit's worth of requests,
//      not two, even with a forged X-Forwarded-For on each request;
//   6. the balancer counts the per-client API limit for both instances: its limit's worth of requests from one
//      client goes through (to both instances), where the instances alone would allow twice theirs, and the next
//      is refused by the balancer itself, in the app's 429 shape;
//   and then, on the instances directly:
//   7. each instance counts the global API limit in its own memory: a client refused by one is served by the
//      other, and no request wrote it to PostgreSQL.
// The database is TEST_DATABASE_URL's server (as CI sets it) or a throwaway server started here. Exits non-zero
// on any failed check; stops everything it started.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import pg from 'pg';
import { openPostgres } from '#server/db/client';
import { makeCustomer, makeEstimate, makePicture, makeProvider } from '#server/test/factories';
import {
  appEnv,
  createCleanups,
  freePort,
  freshDatabase,
  startHaproxy,
  startNginx,
  startServer,
  type Balancer,
  type Server,
} from './lib/processes.ts';

const RATE_LIMIT = 6;
/** The instances' global API limit per client (RATE_LIMIT_GLOBAL_PER_MINUTE) and the balancers' (in place of 600). */
const INSTANCE_LIMIT = 30;
const BALANCER_LIMIT = 40;
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
    RATE_LIMIT_GLOBAL_PER_MINUTE: String(INSTANCE_LIMIT),
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

  const backends = instances.map((s, i) => ({ name: names[i]!, port: s.port }));
  const limits = { apiLimitPerMinute: BALANCER_LIMIT };
  const haproxy = await startHaproxy({ onCleanup, dir: tmp, port: lbPort, backends, ...limits });
  await throughBalancer(haproxy, ['127.0.0.1', '127.0.0.3'], { customer, provider, estimate, picture });
  const nginx = await startNginx({ onCleanup, backends, ...limits });
  await throughBalancer(nginx, ['127.0.0.2', '127.0.0.4'], { customer, provider, estimate, picture });

  // 7. The instances directly, as their trusted proxy (127.0.0.1) forwarding one client.
  console.log('\nthe instances directly, one client forwarded by 127.0.0.1');
  const direct = async (s: Server) =>
    (
      await request(`${s.url}/api/config`, {
        localAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.0.2.77' },
      })
    ).status;
  const codes: number[] = [];
  for (let i = 0; i <= INSTANCE_LIMIT; i++) codes.push(await direct(instances[0]!));
  check(
    codes.filter((c) => c === 200).length === INSTANCE_LIMIT && codes.at(-1) === 429,
    `app1 serves one client ${INSTANCE_LIMIT} API requests a minute, then answers 429`,
  );
  check((await direct(instances[1]!)) === 200, 'app2 still serves that client: each instance counts its own');
  const counted = new pg.Client({ connectionString: databaseUrl });
  await counted.connect();
  const globalRows = (await counted.query("select key from rate_limit_hits where key like 'api|%'")).rows;
  await counted.end();
  check(globalRows.length === 0, 'no request wrote the global limit to PostgreSQL');

  console.log(
    `\nscale-out smoke: ${failures.length === 0 ? 'passed' : `${failures.length} failed`} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (failures.length > 0) process.exitCode = 1;
}

interface Seeded {
  customer: { id: string; email: string; password: string };
  provider: { email: string; password: string };
  estimate: { id: string };
  picture: { url: string };
}

/**
 * Checks 2 to 6 through one balancer. Each balancer's clients connect from loopback addresses of their own, so the
 * per-address rate limits of one run do not carry into the next (the balancer sets X-Forwarded-For to it): the
 * first client does 2 to 5, the second spends its API limit in 6.
 */
async function throughBalancer(
  lb: Balancer,
  [clientAddress, limitedClient]: [string, string],
  seeded: Seeded,
) {
  const { customer, provider, estimate, picture } = seeded;
  console.log(`\n${lb.name} on ${lb.url} (${lb.configFile}), clients ${clientAddress} and ${limitedClient}`);
  const call = (
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) => request(`${lb.url}${path}`, { ...init, localAddress: clientAddress });

  // 2. Sign in through the balancer; requests alternate and all are signed in.
  async function signIn(user: { email: string; password: string }) {
    const res = await call('/api/auth/login', {
      method: 'POST',
      body: { email: user.email, password: user.password },
    });
    const cookie = res.setCookie.find((c) => c.startsWith('sid=') || c.startsWith('__Host-sid='));
    check(res.status === 200 && cookie !== undefined, `${user.email} signs in through ${lb.name}`);
    return cookie?.split(';')[0] ?? '';
  }
  const customerCookie = await signIn(customer);
  const providerCookie = await signIn(provider);
  const servedBy: string[] = [];
  let signedIn = 0;
  for (let i = 0; i < 10; i++) {
    const res = await call('/api/auth/session', { headers: { cookie: customerCookie } });
    const body = res.json() as { isAuthenticated: boolean; user: { id: string } | null };
    servedBy.push(res.servedBy);
    if (res.status === 200 && body.isAuthenticated && body.user?.id === customer.id) signedIn++;
  }
  const alternates = servedBy.every((s, i) => i === 0 || s !== servedBy[i - 1]);
  console.log(`  served by: ${servedBy.join(' ')}`);
  check(alternates && new Set(servedBy).size === 2, '10 requests alternate between the two instances');
  check(signedIn === 10, `the session holds on both instances (${signedIn}/10 signed in)`);

  // 3. A socket through the balancer on one instance; messages sent through both instances reach it.
  const socketHeld = await new Promise<{ ws: WebSocket; instance: string; events: string[] }>((res, rej) => {
    const ws = new WebSocket(`${lb.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: customerCookie },
      localAddress: clientAddress,
    });
    const events: string[] = [];
    let instance = '?';
    ws.on('upgrade', (r) => (instance = String(r.headers['x-served-by'] ?? '?')));
    ws.on('message', (d) => events.push(d.toString()));
    ws.once('open', () => res({ ws, instance, events }));
    ws.once('error', rej);
  });
  onCleanup(`socket through ${lb.name}`, () => socketHeld.ws.terminate());
  console.log(`  the customer's socket is held by ${socketHeld.instance}`);
  const sentVia: { id: string; instance: string }[] = [];
  for (let k = 0; k < 2; k++) {
    const res = await call('/api/messages', {
      method: 'POST',
      headers: { cookie: providerCookie },
      body: {
        estimateId: estimate.id,
        receiverId: customer.id,
        content: `${lb.name} smoke message ${k + 1}`,
      },
    });
    const body = res.json() as { message?: { id: string } };
    check(res.status === 201 && !!body.message, `message ${k + 1} stored (${res.status})`);
    if (body.message) sentVia.push({ id: body.message.id, instance: res.servedBy });
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
    socketHeld.instance !== '?' &&
      sentVia.some((s) => s.instance !== socketHeld.instance && s.instance !== '?'),
    'at least one message crossed instances (PostgreSQL LISTEN/NOTIFY)',
  );
  check(new Set(deliveredIds()).size === deliveredIds().length, 'no message delivered twice');
  socketHeld.ws.terminate();

  // 4. A picture in PostgreSQL: both instances serve the same bytes.
  const pictureFrom = new Map<string, number>();
  for (let i = 0; i < 2; i++) {
    const res = await call(picture.url, { headers: { cookie: customerCookie } });
    if (res.status === 200) pictureFrom.set(res.servedBy, res.body.byteLength);
  }
  check(
    pictureFrom.size === 2 && new Set(pictureFrom.values()).size === 1,
    `the picture is served by both instances (${[...pictureFrom].map(([s, b]) => `${s}: ${b} bytes`).join(', ')})`,
  );

  // 5. One rate limit across both instances, whatever X-Forwarded-For the client sends.
  const resend = await untilRefused(RATE_LIMIT * 2 + 2, 'resend-verification', (i) =>
    call('/api/resend-verification', {
      method: 'POST',
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: { email: `nobody${i}@example.com` },
    }),
  );
  console.log(
    `  ${resend.passed} accepted before 429 (${resend.byInstance}); the limit is ${RATE_LIMIT} per address`,
  );
  check(
    resend.refused !== undefined && resend.passed === RATE_LIMIT,
    `the per-address limit counts once across both instances (${resend.passed} = ${RATE_LIMIT}, not ${RATE_LIMIT * 2})`,
  );
  check(resend.instances === 2, 'the accepted requests were served by both instances');

  // 6. The balancer's per-client API limit, whatever X-Forwarded-For the client sends.
  const { passed, refused, instances, byInstance } = await untilRefused(
    BALANCER_LIMIT + 5,
    '/api/config',
    (i) =>
      request(`${lb.url}/api/config`, {
        localAddress: limitedClient,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      }),
  );
  console.log(
    `  ${passed} API requests from ${limitedClient} before 429 (${byInstance}); ` +
      `${lb.name} allows ${BALANCER_LIMIT} a minute, each instance ${INSTANCE_LIMIT}`,
  );
  check(
    refused !== undefined && passed === BALANCER_LIMIT && instances === 2,
    `${lb.name} counts one API limit per client across both instances (${passed} = ${BALANCER_LIMIT}, ` +
      `where the instances alone would allow ${2 * INSTANCE_LIMIT})`,
  );
  const refusal = refused?.json() as { code?: string } | undefined;
  check(
    refused?.servedBy === '?' && refusal?.code === 'RATE_LIMITED' && refused.header('retry-after') === '60',
    `the 429 comes from ${lb.name} itself, in the app's error shape, with Retry-After`,
  );

  const health = await call('/healthz');
  check(health.status === 200, `/healthz through ${lb.name}`);
}

/**
 * Sends up to `max` requests (the i-th built by `send(i)`) until one is answered 429: how many were answered 200
 * before it and by how many instances (`byInstance`: "app1 3, app2 3"), and the 429 itself, if one came. Any other
 * status fails a check.
 */
async function untilRefused(max: number, what: string, send: (i: number) => Promise<Answer>) {
  const by = new Map<string, number>();
  let passed = 0;
  let refused: Answer | undefined;
  for (let i = 0; i < max && !refused; i++) {
    const res = await send(i);
    if (res.status === 429) refused = res;
    else if (res.status === 200) {
      passed++;
      by.set(res.servedBy, (by.get(res.servedBy) ?? 0) + 1);
    } else check(false, `${what} answered ${res.status}`);
  }
  const byInstance = [...by].map(([s, n]) => `${s} ${n}`).join(', ');
  return { passed, refused, instances: by.size, byInstance };
}

type Answer = Awaited<ReturnType<typeof request>>;

/** One HTTP request from a chosen local address (fetch cannot pick it), the body read whole. */
function request(
  url: string,
  o: { method?: string; headers?: Record<string, string>; body?: unknown; localAddress: string },
) {
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  return new Promise<{
    status: number;
    servedBy: string;
    setCookie: string[];
    body: Buffer;
    json(): unknown;
    header(name: string): string | undefined;
  }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: o.method ?? 'GET',
        localAddress: o.localAddress,
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            servedBy: String(res.headers['x-served-by'] ?? '?'),
            setCookie: res.headers['set-cookie'] ?? [],
            body,
            json: () => JSON.parse(body.toString('utf8')) as unknown,
            header: (name) => [res.headers[name.toLowerCase()] ?? []].flat()[0],
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => void cleanup());
