import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDataDir } from '#tests/support/databases';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('the embedded database folder lock', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sift-lock-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('admits one holder at a time and frees the folder on release', () => {
    const dir = folder();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.pid}`);
    release();
    expect(existsSync(join(dir, 'sift.lock'))).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that is gone, or of an earlier life of this pid', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dir, 'sift.lock'), gone.stdout.toString());
    lockDataDir(dir)();
    // A container restarted after a crash runs as the same pid and finds its own old lock.
    writeFileSync(join(dir, 'sift.lock'), String(process.pid));
    lockDataDir(dir)();
  });

  it('counts a live process as the holder only while it keeps touching the lock', () => {
    const dir = folder();
    const lock = join(dir, 'sift.lock');
    writeFileSync(lock, String(process.ppid)); // a process that is alive
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lock, minuteAgo, minuteAgo);
    lockDataDir(dir)();
  });

  it('keeps a second open of the same folder out until the first closes', async () => {
    const data = await migratedDataDir('sift-lock-');
    folders.push(data);
    const dir = join(data, 'pglite');
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await first.close();
    await (await openDatabase({ dataDir: dir })).close();
  }, 120_000);
});
