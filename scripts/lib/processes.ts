// What the load scripts share (bench, bench-messaging, soak, scale-out smoke): clean-up that runs once whatever
// happens, free ports, a throwaway PostgreSQL server or database, app instances (the build of src/server/main.ts)
// started and waited for, HAProxy and nginx from deploy/, and a process's RSS.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildServer } from './server-build.ts';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile of a sorted list (NaN when empty). */
export const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const has = (cmd: string, ...a: string[]) => spawnSync(cmd, a, { stdio: 'ignore' }).status === 0;

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.unref();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      s.close(() => (addr && typeof addr === 'object' ? res(addr.port) : rej(new Error('no port'))));
    });
  });
}

/** Resident memory of a process in MiB (one decimal), from /proc; null when it is gone or there is no /proc. */
export function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Clean-up: every started thing registers how to stop it; they run in reverse order, once, whatever happens.

export type OnCleanup = (name: string, run: () => Promise<void> | void) => void;

export interface Cleanups {
  onCleanup: OnCleanup;
  cleanup(): Promise<void>;
}

/**
 * Clean-ups run in reverse order, once: at the end, on SIGINT/SIGTERM/SIGHUP, and when the watchdog fires after
 * `watchdogMs` (the script then exits 2, so nothing it started outlives a hang).
 */
export function createCleanups(label: string, watchdogMs?: number): Cleanups {
  const list: { name: string; run: () => Promise<void> | void }[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanup = () => {
    cleaning ??= (async () => {
      for (const c of list.reverse()) {
        try {
          await c.run();
        } catch (err) {
          console.error(`clean-up of ${c.name} failed:`, err);
        }
      }
      list.length = 0;
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping everything the ${label} started`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  if (watchdogMs !== undefined) {
    const watchdog = setTimeout(() => {
      console.error(`The ${label} ran longer than ${Math.round(watchdogMs / 1000)} s: stopping.`);
      void cleanup().finally(() => process.exit(2));
    }, watchdogMs);
    watchdog.unref();
  }
  return { onCleanup: (name, run) => list.push({ name, run }), cleanup };
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway server (as .ci/run starts one) and throwaway databases on a server.

export interface Pg {
  url: string;
  stop(): Promise<void>;
  /** Starts it again after stop(): same data, port and options (the outage checks stop and restart it). */
  start(): Promise<void>;
}

/** Wraps a command (the bench pins processes to cores with taskset). */
export type Wrap = (cmd: string[]) => string[];
const asIs: Wrap = (cmd) => cmd;

/**
 * A throwaway PostgreSQL server on 127.0.0.1 in its own temp dir (run as the postgres user when root). Returns
 * why not when it cannot (no binaries, no postgres user).
 */
export function startPostgres(onCleanup: OnCleanup, wrap: Wrap = asIs): Promise<Pg | string> {
  const bin = ['/usr/lib/postgresql']
    .filter(existsSync)
    .flatMap((d) => readdirSync(d).map((v) => join(d, v, 'bin')))
    .filter((d) => existsSync(join(d, 'initdb')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  if (!bin) return Promise.resolve('PostgreSQL binaries not found under /usr/lib/postgresql/*/bin');
  const root = process.getuid?.() === 0;
  if (root && !has('id', 'postgres')) return Promise.resolve('running as root and there is no postgres user');
  const asPg = (cmd: string[]) => (root ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd);
  // Its own temp dir, owned by the server's user (as .ci/run does).
  const dir = mkdtempSync(join(os.tmpdir(), 'homefix-pg-'));
  onCleanup('PostgreSQL dir', () => rmSync(dir, { recursive: true, force: true }));
  if (root) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (cmd: string[]) => {
    const r = spawnSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed:\n${r.stdout}${r.stderr}`);
  };
  const data = join(dir, 'data');
  return (async () => {
    const port = await freePort();
    run(asPg([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']));
    const stop = async () => {
      const cmd = asPg([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']);
      if (existsSync(join(data, 'postmaster.pid'))) spawnSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
    };
    onCleanup('PostgreSQL', stop);
    const pgOptions = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir}`;
    const start = async () =>
      run(
        wrap(
          asPg([
            join(bin, 'pg_ctl'),
            '-D',
            data,
            '-l',
            join(dir, 'server.log'),
            '-w',
            '-o',
            pgOptions,
            'start',
          ]),
        ),
      );
    await start();
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start };
  })();
}

async function adminQuery(adminUrl: string, statement: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * A fresh, empty database named `<prefix>_<random>` on the server of `adminUrl` (dropped at clean-up); returns its
 * URL. Without `adminUrl` a throwaway server is started first.
 */
export async function freshDatabase(
  adminUrl: string | undefined,
  prefix: string,
  onCleanup: OnCleanup,
): Promise<string> {
  let serverUrl = adminUrl;
  if (!serverUrl) {
    const started = await startPostgres(onCleanup);
    if (typeof started === 'string') throw new Error(`No PostgreSQL: ${started}. Set TEST_DATABASE_URL.`);
    serverUrl = started.url;
  }
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  onCleanup(`database ${name}`, () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: app instances (src/server/main.ts or another entry) and HAProxy.

export interface Server {
  name: string;
  url: string;
  port: number;
  pid: number;
  readyMs: number;
  /** The log file the process writes (stdout and stderr). */
  logFile: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  onCleanup: OnCleanup;
  /** The environment on top of process.env; HOST and PORT are set here. */
  env: Record<string, string>;
  logFile: string;
  entry?: string;
  port?: number;
  nodeArgs?: string[];
  wrap?: Wrap;
  /** Stop waiting for /readyz after this long. */
  readyTimeoutMs?: number;
}

/** The app as `npm start` runs it: the bundle of scripts/build-server.ts, built afresh once per script run. */
export const APP_ENTRY = 'dist/server/main.js';
let serverBuilt: Promise<void> | undefined;

/**
 * Starts a server process and waits until its /readyz answers 200. The entry is the app's build (APP_ENTRY, the
 * default) or a TypeScript file run through tsx (the benches' bare server).
 */
export async function startServer(o: StartOptions): Promise<Server> {
  const entry = o.entry ?? APP_ENTRY;
  if (entry === APP_ENTRY) await (serverBuilt ??= buildServer());
  const port = o.port ?? (await freePort());
  const log = openSync(o.logFile, 'a');
  const started = performance.now();
  const cmd = (o.wrap ?? asIs)([
    process.execPath,
    ...(o.nodeArgs ?? []),
    ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps']),
    entry,
  ]);
  const child: ChildProcess = spawn(cmd[0]!, cmd.slice(1), {
    cwd: ROOT,
    env: { ...process.env, ...o.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['pipe', log, log],
  });
  closeSync(log);
  let exited = false;
  const exit = new Promise<void>((res) => child.once('exit', () => ((exited = true), res())));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const killed = await Promise.race([exit.then(() => false), sleep(15_000).then(() => true)]);
    if (killed) {
      child.kill('SIGKILL');
      await exit;
    }
  };
  o.onCleanup(o.name, stop);
  const url = `http://127.0.0.1:${port}`;
  const timeout = o.readyTimeoutMs ?? 120_000;
  for (;;) {
    if (exited) {
      const tail = readFileSync(o.logFile, 'utf8').split('\n').slice(-30).join('\n');
      throw new Error(`${o.name} exited before it was ready. Its log ends with:\n${tail}`);
    }
    if (performance.now() - started > timeout)
      throw new Error(`${o.name} was not ready within ${timeout} ms`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  return {
    name: o.name,
    url,
    port,
    pid: child.pid!,
    readyMs: performance.now() - started,
    logFile: o.logFile,
    stop,
  };
}

/** The environment of an app instance on PostgreSQL behind the balancer at `publicUrl`. */
export function appEnv(databaseUrl: string, publicUrl: string, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    APP_URL: publicUrl,
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

export interface Balancer {
  name: 'HAProxy' | 'nginx';
  url: string;
  /** The config the balancer runs: the committed file in deploy/ with the ports filled in. */
  configFile: string;
  stop(): Promise<void>;
}

/**
 * HAProxy on 127.0.0.1 with deploy/haproxy.cfg, its placeholders filled in: the listening port and one `server`
 * line per app instance (instead of the file's example lines), and with `apiLimitPerMinute` another per-client
 * API limit than the file's 600. Needs the haproxy binary (Debian's package).
 */
export async function startHaproxy(o: {
  onCleanup: OnCleanup;
  backends: { name: string; port: number }[];
  dir: string;
  port?: number;
  apiLimitPerMinute?: number;
}): Promise<Balancer> {
  if (!has('haproxy', '-v')) throw new Error('haproxy is not installed (Debian: apt-get install -y haproxy)');
  const port = o.port ?? (await freePort());
  const template = readFileSync(join(ROOT, 'deploy', 'haproxy.cfg'), 'utf8');
  const servers = o.backends
    .map((b) => `    server ${b.name} 127.0.0.1:${b.port} check inter 1s fall 2 rise 1`)
    .join('\n');
  let config = template
    .replace(/^\s*bind 127\.0\.0\.1:\d+/m, `    bind 127.0.0.1:${port}`)
    .replace(/^(\s*server app\d+ .*\n)+/m, `${servers}\n`)
    // The access log to HAProxy's stdout (its log file here) instead of syslog.
    .replace(/^\s*log \/dev\/log.*$/m, '    log stdout format raw local0');
  if (o.apiLimitPerMinute !== undefined) {
    const limit = /sc_http_req_rate\(0\) gt \d+/;
    if (!limit.test(config)) throw new Error('deploy/haproxy.cfg has no per-client API limit to fill in');
    config = config.replace(limit, `sc_http_req_rate(0) gt ${o.apiLimitPerMinute}`);
  }
  const configFile = join(o.dir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused ${configFile}:\n${check.stdout}${check.stderr}`);
  return runBalancer({
    name: 'HAProxy',
    onCleanup: o.onCleanup,
    command: ['haproxy', '-db', '-f', configFile],
    configFile,
    logFile: join(o.dir, 'haproxy.log'),
    port,
  });
}

/**
 * nginx on 127.0.0.1 with deploy/nginx.conf, filled in as for HAProxy (the `listen` port, one `server` line per
 * instance) plus what a run outside /etc needs: its pid, logs and temporary files in a directory of its own, and
 * one worker process, so that round robin alternates over the whole run (each worker keeps its own turn). With
 * `apiLimitPerMinute`, the per-client API limit lets that many requests through at once and refills at one a
 * minute (in place of the file's 600 at once, refilled at 600 a minute), so a short run sees exactly that many.
 * Needs the nginx binary (Debian's package). Runs in the foreground, stopped with the other clean-ups.
 */
export async function startNginx(o: {
  onCleanup: OnCleanup;
  backends: { name: string; port: number }[];
  port?: number;
  apiLimitPerMinute?: number;
}): Promise<Balancer> {
  if (!has('nginx', '-v')) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const port = o.port ?? (await freePort());
  // Its own directory, readable by the worker user nginx switches to when started as root.
  const dir = mkdtempSync(join(os.tmpdir(), 'homefix-nginx-'));
  chmodSync(dir, 0o755);
  o.onCleanup('nginx files', () => rmSync(dir, { recursive: true, force: true }));
  const template = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const servers = o.backends
    .map((b) => `        server 127.0.0.1:${b.port} max_fails=2 fail_timeout=10s;`)
    .join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((t) => `    ${t}_temp_path ${join(dir, t)};`)
    .join('\n');
  let config = template
    .replace(/^worker_processes .*$/m, `worker_processes 1;\npid ${join(dir, 'nginx.pid')};`)
    .replace(/^(\s*)access_log .*$/m, `$1access_log ${join(dir, 'access.log')};\n${temp}`)
    .replace(/^\s*listen 127\.0\.0\.1:\d+;/m, `        listen 127.0.0.1:${port};`)
    .replace(/^(\s*server 127\.0\.0\.1:\d+ .*\n)+/m, `${servers}\n`);
  if (o.apiLimitPerMinute !== undefined) {
    const [rate, burst] = [/(zone=api_per_client:\w+) rate=\d+r\/m;/, /(zone=api_per_client) burst=\d+/];
    if (!rate.test(config) || !burst.test(config))
      throw new Error('deploy/nginx.conf has no per-client API limit to fill in');
    config = config.replace(rate, '$1 rate=1r/m;').replace(burst, `$1 burst=${o.apiLimitPerMinute - 1}`);
  }
  const configFile = join(dir, 'nginx.conf');
  writeFileSync(configFile, config);
  const errorLog = join(dir, 'error.log');
  const base = ['-p', dir, '-e', errorLog, '-c', configFile];
  const check = spawnSync('nginx', ['-t', '-q', ...base], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused ${configFile}:\n${check.stdout}${check.stderr}`);
  return runBalancer({
    name: 'nginx',
    onCleanup: o.onCleanup,
    command: ['nginx', ...base, '-g', 'daemon off;'],
    configFile,
    logFile: errorLog,
    port,
  });
}

/** Starts a balancer in the foreground, registers its stop, and waits until /readyz answers 200 through it. */
async function runBalancer(o: {
  name: Balancer['name'];
  onCleanup: OnCleanup;
  command: string[];
  configFile: string;
  logFile: string;
  port: number;
}): Promise<Balancer> {
  const log = openSync(o.logFile, 'a');
  const child = spawn(o.command[0]!, o.command.slice(1), { stdio: ['ignore', log, log] });
  closeSync(log);
  let exited = false;
  const exit = new Promise<void>((res) => child.once('exit', () => ((exited = true), res())));
  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    await Promise.race([exit, sleep(5000)]);
    if (!exited) child.kill('SIGKILL');
  };
  o.onCleanup(o.name, stop);
  const url = `http://127.0.0.1:${o.port}`;
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`${o.name} exited: ${readFileSync(o.logFile, 'utf8').slice(-2000)}`);
    try {
      const res = await fetch(`${url}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`${o.name} did not answer /readyz within 30 s`);
    await sleep(100);
  }
  return { name: o.name, url, configFile: o.configFile, stop };
}
