// One process at a time on an embedded database: PGlite has no locking of its own, and a server
// and an operator CLI writing the same folder would corrupt it. The lock file holds the owner's
// pid, and the owner touches it every few seconds; a lock whose process is gone or that has not
// been touched for a while (a crash, a container restarted with the same pids) is taken over.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const HEARTBEAT_MS = 10_000;
const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The process holding it. */
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid} (a running server or CLI). ` +
        'Stop it first, or use PostgreSQL (DATABASE_URL), which any number of processes can share.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds (another lock naming this pid was left by an earlier life of it). */
const held = new Set<string>();

function heldByAnother(file: string): number | null {
  const owner = Number(readFileSync(file, 'utf8'));
  if (owner === process.pid) return held.has(file) ? owner : null;
  const fresh = Date.now() - statSync(file).mtimeMs < STALE_AFTER_MS;
  return Number.isInteger(owner) && owner > 0 && fresh && isRunning(owner) ? owner : null;
}

/** Takes the folder's lock or throws DataDirInUseError; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'sift.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = heldByAnother(file);
      if (owner !== null) throw new DataDirInUseError(dataDir, owner);
      unlinkSync(file); // left by a process that is gone
      continue;
    }
    held.add(file);
    const heartbeat = setInterval(() => {
      const now = new Date();
      utimesSync(file, now, now);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    return () => {
      clearInterval(heartbeat);
      held.delete(file);
      unlinkSync(file);
    };
  }
  throw new Error(`Could not lock ${dataDir}`);
}
