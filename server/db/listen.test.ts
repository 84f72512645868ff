import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import type { Database } from './client';

describe.each(databaseTargets())('LISTEN/NOTIFY on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  it('delivers each channel to its own subscribers until they unlisten', async () => {
    const heard: string[] = [];
    const stopA = await database.listen('test_a', (payload) => heard.push(`a1:${payload}`));
    const stopA2 = await database.listen('test_a', (payload) => heard.push(`a2:${payload}`));
    const stopB = await database.listen('test_b', (payload) => heard.push(`b:${payload}`));
    await database.notify('test_a', 'one');
    await database.notify('test_b', 'two');
    await expect.poll(() => heard.sort()).toEqual(['a1:one', 'a2:one', 'b:two']);

    await stopA();
    await database.notify('test_a', 'three');
    await database.notify('test_b', 'four');
    // test_b's delivery comes after test_a's: once it is heard, 'three' has had its chance.
    await expect.poll(() => heard.includes('b:four')).toBe(true);
    expect(heard.filter((entry) => entry.endsWith('three'))).toEqual(['a2:three']);
    await stopA2();
    await stopB();
  });

  it.runIf(target.name === 'postgres')(
    'listens again on a new connection after its connection is killed',
    async () => {
      const heard: string[] = [];
      const stop = await database.listen('test_reconnect', (payload) => heard.push(payload));
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN "test_reconnect"'`,
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Each notification is sent again until one arrives on the replacement connection.
      await expect
        .poll(
          async () => {
            await database.notify('test_reconnect', 'after');
            return heard.includes('after');
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      await stop();
    },
  );
});
