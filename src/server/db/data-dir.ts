// What the database keeps on disk beside its tables: the committed migrations, and the embedded data dir's lock
// (one process at a time). Both drivers (client.ts) and the embedded engine (pglite.ts) use them.
import { openSync, closeSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export class DataDirLockedError extends Error {}

/** The lock files this process holds (a second opener in the same process is refused like any other). */
const heldLocks = new Set<string>();

/**
 * Only one process may open an embedded data dir: a second one would corrupt it. The lock is a file with the
 * holder's pid; a lock whose holder is gone (killed with kill -9, the machine or container restarted) is stale
 * and taken over, so a crashed server starts again by itself.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldLocks.add(lockFile);
      return () => {
        heldLocks.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolderOf(lockFile);
      if (holder !== null) {
        throw new DataDirLockedError(
          `The data directory ${dir} is already in use by another process (pid ${holder}). ` +
            'Stop that process first (for example the running server), or point DATA_DIR at another directory, ' +
            'or use a PostgreSQL server with DATABASE_URL so several processes can share one database.',
        );
      }
      rmSync(lockFile, { force: true }); // stale lock from a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

/**
 * The pid of the live process holding `lockFile`, or null when the lock is stale: its pid is not running (or is a
 * zombie), is this process's own pid from an earlier life (a restarted container gives the server the same pid),
 * or now belongs to a process that started after the lock was written (the pid was reused).
 */
export function lockHolderOf(lockFile: string): number | null {
  let text: string;
  let writtenMs: number;
  try {
    text = readFileSync(lockFile, 'utf8').trim();
    writtenMs = statSync(lockFile).mtimeMs;
  } catch {
    return null; // gone meanwhile
  }
  const pid = Number(text);
  if (text === '' && Date.now() - writtenMs < 5000) return -1; // being written by a process starting right now
  if (!Number.isInteger(pid) || pid <= 0) return null;
  if (pid === process.pid) return heldLocks.has(lockFile) ? pid : null;
  if (!isAlive(pid)) return null;
  const started = processStartMs(pid);
  // /proc's boot time is in whole seconds: a margin keeps the holder itself from looking like a newcomer.
  if (started !== null && started > writtenMs + 2000) return null;
  return pid;
}

/** Whether a process runs (a zombie, dead but not yet reaped, does not). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return procStat(pid)?.state !== 'Z';
}

/** State and start time (clock ticks after boot) of a process from /proc; null without /proc. */
function procStat(pid: number): { state: string; startTicks: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses; the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTicks: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** When a process started (epoch ms), from /proc; null where there is no /proc. */
function processStartMs(pid: number): number | null {
  const stat = procStat(pid);
  if (!stat || !Number.isFinite(stat.startTicks)) return null;
  try {
    const btime = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    if (!btime) return null;
    // USER_HZ is 100 on every Linux architecture Node runs on.
    return Number(btime[1]) * 1000 + stat.startTicks * 10;
  } catch {
    return null;
  }
}
