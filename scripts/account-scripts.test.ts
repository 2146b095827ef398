// create-admin and seed:demo, run as a user runs them: child processes on a fresh embedded data dir.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '#server/config';
import { buildApp } from '#server/app';
import { openPglite } from '#server/db/pglite';

// Each child process starts tsx and an embedded database: allow for a slow machine.
vi.setConfig({ testTimeout: 120_000 });

const root = join(import.meta.dirname, '..');

function run(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Signs in on the data dir through the real app, once per credential (the scripts must not be running). */
async function signInAll(dataDir: string, credentials: { email: string; password: string }[]) {
  const database = await openPglite(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:5000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, logger: false });
  try {
    const results = [];
    for (const payload of credentials) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      results.push({ status: res.statusCode, body: res.json() as Record<string, unknown> });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
  }
}

async function signIn(dataDir: string, email: string, password: string) {
  const [result] = await signInAll(dataDir, [{ email, password }]);
  if (!result) throw new Error('no result');
  return result;
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'homefix-scripts-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const adminArgs = (email: string, password: string) => [
  '--email',
  email,
  '--password',
  password,
  '--first-name',
  'Ada',
  '--last-name',
  'Admin',
];

describe('npm run create-admin', () => {
  it('creates an admin with a verified email who can sign in', async () => {
    const data = join(dir, 'create');
    const res = await run('scripts/create-admin.ts', adminArgs('Ada@Example.com', 'Admin1234'), {
      DATA_DIR: data,
    });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Created the admin ada@example.com');

    const login = await signIn(data, 'ada@example.com', 'Admin1234');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      role: 'admin',
      emailVerified: true,
      firstName: 'Ada',
      adminExpiresAt: null,
    });
  });

  it('promotes an existing account, and refuses a weak password or a missing email', async () => {
    const data = join(dir, 'promote');
    const seeded = await run('scripts/seed-demo.ts', [], { DATA_DIR: data });
    expect(seeded.code).toBe(0);

    const weak = await run('scripts/create-admin.ts', adminArgs('demo.customer@example.com', 'weakpass'), {
      DATA_DIR: data,
    });
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain(
      'Password must contain at least one uppercase letter, lowercase letter, number',
    );
    const common = await run('scripts/create-admin.ts', adminArgs('demo.customer@example.com', 'Password1'), {
      DATA_DIR: data,
    });
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('This password is too common. Please choose another one.');

    const noEmail = await run('scripts/create-admin.ts', ['--password', 'Admin1234'], { DATA_DIR: data });
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain('--email must be a valid email address');

    const promoted = await run(
      'scripts/create-admin.ts',
      ['--email', 'demo.customer@example.com', '--password', 'Promo1234'],
      {
        DATA_DIR: data,
      },
    );
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain('Promoted demo.customer@example.com to admin');
    const login = await signIn(data, 'demo.customer@example.com', 'Promo1234');
    expect(login.body).toMatchObject({ role: 'admin', firstName: 'Dana' });
  });

  it('refuses, with a clear message, while another process holds the data dir', async () => {
    const data = join(dir, 'locked');
    const holder = await openPglite(data);
    try {
      const res = await run('scripts/create-admin.ts', adminArgs('locked@example.com', 'Admin1234'), {
        DATA_DIR: data,
      });
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/already in use by another process \(pid \d+\)/);
      expect(res.stderr).toContain('Stop that process first');
    } finally {
      await holder.close();
    }
  });
});

describe('npm run seed:demo', () => {
  it('adds a demo customer, provider and admin with printed passwords, and is idempotent', async () => {
    const data = join(dir, 'seed');
    const first = await run('scripts/seed-demo.ts', [], { DATA_DIR: data });
    expect(first.code).toBe(0);
    const passwords = Object.fromEntries(
      [...first.stdout.matchAll(/(customer|provider|admin)\s+(\S+@example\.com)\s+password: (\S+)/g)].map(
        (m) => [m[1], { email: m[2] ?? '', password: m[3] ?? '' }],
      ),
    ) as Record<'customer' | 'provider' | 'admin', { email: string; password: string }>;
    expect(Object.keys(passwords).sort()).toEqual(['admin', 'customer', 'provider']);

    const second = await run('scripts/seed-demo.ts', [], { DATA_DIR: data });
    expect(second.code).toBe(0);
    expect(second.stdout.match(/already present, password unchanged/g)).toHaveLength(3);
    expect(second.stdout).not.toContain('password:');

    const roles = ['customer', 'provider', 'admin'] as const;
    const logins = await signInAll(
      data,
      roles.map((role) => passwords[role]),
    );
    roles.forEach((role, i) => {
      expect(logins[i]?.status).toBe(200);
      expect(logins[i]?.body).toMatchObject({ role, emailVerified: true });
    });
    expect(logins[1]?.body.subscriptionPlan).toBe('starter');
  });

  it('refuses to run in production', async () => {
    const res = await run('scripts/seed-demo.ts', [], {
      DATA_DIR: join(dir, 'prod'),
      NODE_ENV: 'production',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('does not run with NODE_ENV=production');
  });
});
