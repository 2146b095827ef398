// npm run backup and npm run restore as an operator runs them (decision 0020): the real server process on a
// fresh embedded data dir, a backup asked of it while it serves, a restore into a fresh data dir after it stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { restoreDataDir } from '#server/db/backup';
import { customerPayload } from '#server/test/payloads';
import { pgliteTemplate } from '#server/test/test-database';

// Child processes start tsx and an embedded database: allow for a slow machine.
vi.setConfig({ testTimeout: 180_000 });

const root = join(import.meta.dirname, '..');
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test' };

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...baseEnv, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(port: number, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'homefix-backup-scripts-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

// The embedded database only (the PostgreSQL run of the suite would repeat it as is).
describe.skipIf(process.env.TEST_DB === 'postgres')('npm run backup and npm run restore', () => {
  it('backs up the running server, restores into a fresh data dir, and refuses to overwrite without --force', async () => {
    const live = join(dir, 'live');
    const file = join(dir, 'homefix.tar.gz');
    // The server starts on the suite's migrated template (restored like a backup): no initdb, no migrations.
    const template = join(dir, 'template.tar.gz');
    writeFileSync(template, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
    await restoreDataDir(template, live);
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...baseEnv, LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', DATA_DIR: live, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    server.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
    const payload = customerPayload();
    try {
      await waitReady(port, server);
      const signup = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      expect(signup.status).toBe(201);

      const backup = await run('scripts/backup.ts', ['--out', file], { DATA_DIR: live });
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/holds .*asking it for a backup/);
      expect(backup.stdout).toMatch(/Backup written: /);
      expect(existsSync(file)).toBe(true);
      expect(log).toContain('"event":"backup.written"');

      // The server kept serving.
      expect((await fetch(`http://127.0.0.1:${port}/api/config`)).status).toBe(200);
      // A restore into the data dir the server holds is refused, --force or not.
      const busy = await run('scripts/restore.ts', [file, '--force'], { DATA_DIR: live });
      expect(busy.code).toBe(1);
      expect(busy.stderr).toMatch(/already in use by another process/);
    } finally {
      server.kill('SIGTERM');
    }
    expect(await exited).toBe(0);

    const fresh = join(dir, 'fresh');
    const restore = await run('scripts/restore.ts', [file, '--data-dir', fresh], {});
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/Restored .* \(1 users\)/);

    const again = await run('scripts/restore.ts', [file, '--data-dir', fresh], {});
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database.*--force/s);
  });

  it('points to pg_dump when DATABASE_URL is set', async () => {
    const res = await run('scripts/backup.ts', [], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/pg_dump/);
  });
});
