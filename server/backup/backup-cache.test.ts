import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KvRecord } from '#shared/kv/kv-item';
import { removeRecord, setRecord } from '#shared/kv/kv-transitions';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import type { Database } from '../db/client';
import { users } from '../db/schema/users';
import { type BackupCache, bodyDigest, createBackupCache } from './backup-cache';
import { FORGET_AFTER_DAYS } from './backup-store';

const record = (key: string, value: string, minute: number): KvRecord =>
  setRecord(undefined, key, value, {}, new Date(Date.UTC(2026, 10, 1, 0, minute)));

describe.each(databaseTargets())('the backup cache on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  let userId: string;
  beforeEach(async () => {
    database = fresh();
    const [row] = await database.db.insert(users).values({ email: 'cache@example.test' }).returning();
    userId = row!.id;
  });

  it('answers a snapshot that changes nothing without a transaction', async () => {
    const transaction = vi.spyOn(database.db, 'transaction');
    const cache = createBackupCache(database);
    const now = new Date();
    expect((await cache.merge(userId, [record('a', 'one', 1)], now)).changed).toBe(1);
    expect(transaction).toHaveBeenCalledTimes(1);
    const again = await cache.merge(userId, [record('a', 'one', 1)], now);
    expect(again.changed).toBe(0);
    expect([...again.merged.keys()]).toEqual(['a']);
    expect(transaction).toHaveBeenCalledTimes(1);
    // An older version changes nothing either; a newer one goes to the database.
    expect((await cache.merge(userId, [record('a', 'zero', 0)], now)).changed).toBe(0);
    expect((await cache.merge(userId, [record('a', 'two', 2)], now)).changed).toBe(1);
    expect(transaction).toHaveBeenCalledTimes(2);
    transaction.mockRestore();
  });

  it("hears another process's merge, so its copy is never kept past it", async () => {
    const here = createBackupCache(database);
    const elsewhere = createBackupCache(database);
    await here.merge(userId, [record('a', 'two', 2)], new Date());
    expect((await here.read(userId)).get('a')?.value).toBe('two');
    await elsewhere.merge(userId, [record('a', 'three', 3)], new Date());
    await expect.poll(async () => (await here.read(userId)).get('a')?.value).toBe('three');
    // A snapshot that changes nothing here is then checked against the new copy, not the old.
    expect((await here.merge(userId, [record('a', 'three', 3)], new Date())).changed).toBe(0);
  });

  /** Merges a body that changes nothing until its digest is remembered: this process's own NOTIFY may still drop the copy it went to. */
  async function rememberUnchanged(cache: BackupCache, records: KvRecord[], now: Date, digest: string) {
    await expect
      .poll(async () => {
        await cache.merge(userId, records, now, digest);
        return cache.unchangedAnswer(userId, digest, now);
      })
      .toBeDefined();
  }

  it('answers a body that changed nothing by its digest, for its user only, until the snapshot changes', async () => {
    const cache = createBackupCache(database);
    const now = new Date();
    const digest = bodyDigest('{"b":…}');
    expect((await cache.merge(userId, [record('b', 'one', 10)], now, digest)).changed).toBe(1);
    expect(await cache.unchangedAnswer(userId, digest, now)).toBeUndefined();
    await rememberUnchanged(cache, [record('b', 'one', 10)], now, digest);
    expect(JSON.parse((await cache.unchangedAnswer(userId, digest, now))!.identity.toString()).b.value).toBe(
      'one',
    );
    const [other] = await database.db.insert(users).values({ email: 'other@example.test' }).returning();
    expect(await cache.unchangedAnswer(other!.id, digest, now)).toBeUndefined();
    await cache.merge(userId, [record('b', 'two', 11)], now);
    expect(await cache.unchangedAnswer(userId, digest, now)).toBeUndefined();
  });

  it('merges a remembered body again once an entry of the snapshot is due to be forgotten', async () => {
    const cache = createBackupCache(database);
    const now = new Date();
    const removal = removeRecord(record('gone', 'x', 20), {}, now)!;
    const digest = bodyDigest('{"gone":…}');
    await cache.merge(userId, [removal], now);
    await rememberUnchanged(cache, [removal], now, digest);
    const later = new Date(now.getTime() + (FORGET_AFTER_DAYS + 1) * 86_400_000);
    expect(await cache.unchangedAnswer(userId, digest, later)).toBeUndefined();
    expect((await cache.merge(userId, [], later)).merged.has('gone')).toBe(false);
  });
});
