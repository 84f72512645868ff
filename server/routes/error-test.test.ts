import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp } from '#tests/support/test-app';
import type { Database } from '../db/client';

describe.each(databaseTargets())('GET /api/error-test on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  it('fails with the house 500 body, and is rate-limited', async () => {
    const app = createTestApp(database);
    const response = await app.request('/api/error-test');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong on the server.' },
    });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await app.request('/api/error-test')).status);
    expect(statuses.at(-1)).toBe(429);
  });
});
