// Backups of the embedded database (decision 0020): a backup taken from the running server while it serves,
// restored into a fresh data dir, has the accounts, the estimates with their line items and the messages; a
// restore never overwrites a database without --force, and never one a running process holds.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '#server/app';
import { loadConfig } from '#server/config';
import { DataDirLockedError, type Database } from '#server/db/client';
import { openPglite } from '#server/db/pglite';
import { loadReferenceData } from '#server/db/reference-data';
import { messages } from '#server/db/schema/index';
import { makeCustomer, makeEstimate, makeProvider, type TestUser } from '#server/test/factories';
import { call, signIn } from '#server/test/login';
import { pgliteTemplate } from '#server/test/test-database';
import {
  RestoreRefusedError,
  backupStoppedDataDir,
  lockHolder,
  requestBackup,
  restoreDataDir,
  serveBackupRequests,
} from './backup.ts';

const config = loadConfig({
  NODE_ENV: 'test',
  APP_URL: 'http://localhost:5000',
  WEB_DIST: '/nonexistent-web-dist',
  LOG_LEVEL: 'silent',
});
const silent = { info() {}, error() {} };

// The embedded database only; the PostgreSQL run of the suite has nothing else to test here (pg_dump's job).
describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database backup and restore', () => {
  let root: string;
  let live: Database;
  let stopServing: () => void;
  let customer: TestUser;
  let estimateId: string;
  let lineItemCount: number;
  const backupFile = () => join(root, 'backups', 'live.tar.gz');

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'homefix-backup-'));
    // The live data dir starts as the suite's migrated template (restored like any backup: faster than migrating).
    const template = join(root, 'template.tar.gz');
    writeFileSync(template, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
    await restoreDataDir(template, join(root, 'live'));
    live = await openPglite(join(root, 'live'));
    await loadReferenceData(live.db);
    stopServing = serveBackupRequests(live.pglite!, join(root, 'live'), silent);
    customer = await makeCustomer(live.db, { email: 'backup-owner@example.com' });
    const provider = await makeProvider(live.db, { email: 'backup-provider@example.com' });
    const estimate = await makeEstimate(live.db, customer, {
      status: 'posted',
      title: 'Kitchen before the backup',
    });
    estimateId = estimate.id;
    lineItemCount = estimate.lineItems.length;
    await live.db.insert(messages).values({
      estimateId,
      senderId: provider.id,
      receiverId: customer.id,
      content: 'Message from before the backup',
    });
  });

  afterAll(async () => {
    stopServing();
    await live.close().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  });

  it("opens a data dir with a 16 MB page cache, not PostgreSQL's 128 MB (decision 0026: idle memory)", async () => {
    const { rows } = await live.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('16MB');
  });

  it('asks the process holding the data dir for the backup, which keeps serving meanwhile', async () => {
    expect(lockHolder(join(root, 'live'))).toBe(process.pid);
    // A write issued with the backup waits for it or goes before it; either way it succeeds.
    const [, write] = await Promise.all([
      requestBackup(join(root, 'live'), process.pid, backupFile()),
      makeCustomer(live.db, { email: 'during-backup@example.com' }),
    ]);
    expect(write.email).toBe('during-backup@example.com');
    expect(existsSync(backupFile())).toBe(true);
    expect(readdirSync(join(root, 'live')).filter((f) => f.startsWith('backup-request'))).toEqual([]);
  });

  it('restores into a fresh data dir where the user signs in and finds the estimate and the message', async () => {
    const fresh = join(root, 'fresh');
    const result = await restoreDataDir(backupFile(), fresh);
    expect(result.keptAside).toBeNull();
    expect(result.users).toBeGreaterThanOrEqual(2);

    const restored = await openPglite(fresh);
    let app: BuiltApp | undefined;
    try {
      await restored.migrate();
      app = await buildApp(config, { database: restored, logger: false });
      await app.ready();
      const { res, cookie } = await signIn(app, 'backup-owner@example.com');
      expect(res.statusCode).toBe(200);
      const got = await call(app, { method: 'GET', url: `/api/estimates/${estimateId}` }, cookie);
      expect(got.statusCode).toBe(200);
      const body = got.json<{ title: string; status: string; lineItems: unknown[] }>();
      expect(body).toMatchObject({ title: 'Kitchen before the backup', status: 'posted' });
      expect(body.lineItems).toHaveLength(lineItemCount);
      expect(lineItemCount).toBeGreaterThan(0);
      const thread = await restored.db.select().from(messages).where(eq(messages.estimateId, estimateId));
      expect(thread.map((m) => m.content)).toEqual(['Message from before the backup']);
    } finally {
      await app?.close();
      await restored.close();
    }
  });

  it('refuses to restore over a database without --force, and with it keeps the old one aside', async () => {
    const fresh = join(root, 'fresh'); // restored by the previous test: it holds a database now
    await expect(restoreDataDir(backupFile(), fresh)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreDataDir(backupFile(), fresh)).rejects.toThrow(/--force/);

    const forced = await restoreDataDir(backupFile(), fresh, { force: true });
    expect(forced.keptAside).toMatch(/pgdata\.before-restore-/);
    expect(existsSync(join(forced.keptAside!, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(fresh, 'pgdata', 'PG_VERSION'))).toBe(true);
  });

  it('refuses to restore into the data dir of a running server, even with --force', async () => {
    await expect(restoreDataDir(backupFile(), join(root, 'live'), { force: true })).rejects.toThrow(
      DataDirLockedError,
    );
  });

  it('refuses a file that is not a backup and leaves the data dir as it was', async () => {
    const target = join(root, 'empty');
    await expect(restoreDataDir(join(root, 'live', 'server.lock'), target)).rejects.toThrow(
      RestoreRefusedError,
    );
    expect(existsSync(join(target, 'pgdata'))).toBe(false);
    expect(readdirSync(target)).toEqual([]);
  });

  it('backs up a stopped data dir directly', async () => {
    stopServing();
    await live.close();
    expect(lockHolder(join(root, 'live'))).toBeNull();
    const out = join(root, 'backups', 'stopped.tar.gz');
    await backupStoppedDataDir(join(root, 'live'), out);
    const result = await restoreDataDir(out, join(root, 'from-stopped'));
    expect(result.users).toBe(3);
  });
});
