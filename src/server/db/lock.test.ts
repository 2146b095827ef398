// The embedded data dir's lock after a crash: a server killed with kill -9 leaves server.lock behind, and the next
// start must take it over instead of refusing; a lock held by a running process is still refused.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './client.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'homefix-lock-'));
  dirs.push(dir);
  return dir;
}

/** A process that stays alive until the test ends. */
function sleeper(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

function writeLock(dir: string, content: string, ageMs = 0) {
  const file = join(dir, 'server.lock');
  writeFileSync(file, content);
  const at = new Date(Date.now() - ageMs);
  utimesSync(file, at, at);
}

const lockContent = (dir: string) => readFileSync(join(dir, 'server.lock'), 'utf8');

afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the embedded data dir lock', () => {
  it('takes over the lock of a process that was killed (the server starts again after kill -9)', () => {
    const dir = dataDir();
    const dead = spawnSync('true').pid; // exited and reaped
    writeLock(dir, String(dead));
    const unlock = lockDataDir(dir);
    expect(lockContent(dir)).toBe(String(process.pid));
    unlock();
  });

  it("takes over a lock with this process's own pid from an earlier life (a restarted container)", () => {
    const dir = dataDir();
    writeLock(dir, String(process.pid), 60_000);
    const unlock = lockDataDir(dir);
    expect(lockContent(dir)).toBe(String(process.pid));
    unlock();
  });

  it('takes over a lock whose pid now belongs to a process that started after the lock was written', () => {
    const dir = dataDir();
    writeLock(dir, String(sleeper()), 60_000);
    const unlock = lockDataDir(dir);
    expect(lockContent(dir)).toBe(String(process.pid));
    unlock();
  });

  it('takes over an empty lock left by a process killed while writing it', () => {
    const dir = dataDir();
    writeLock(dir, '', 60_000);
    lockDataDir(dir)();
  });

  it('refuses a lock held by a running process, and one that is being written right now', () => {
    const dir = dataDir();
    const holder = sleeper();
    writeLock(dir, String(holder));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${holder}`);
    expect(lockContent(dir)).toBe(String(holder));
    writeLock(dir, '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('refuses a second lock in the same process and releases on unlock', () => {
    const dir = dataDir();
    const unlock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    unlock();
    lockDataDir(dir)();
  });
});
