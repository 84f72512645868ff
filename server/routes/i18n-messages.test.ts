import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeCodes } from '#shared/locales';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp } from '#tests/support/test-app';
import type { Database } from '../db/client';

const fileMessages = (code: string) => JSON.parse(readFileSync(`locales/${code}.json`, 'utf8'));

describe.each(databaseTargets())('GET /_i18n/{locale}/messages.json on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => database.close());

  it('serves every locale from locales/*.json, cacheable for 24 hours', async () => {
    const app = createTestApp(database);
    for (const code of localeCodes) {
      const response = await app.request(`/_i18n/${code}/messages.json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=86400');
      expect(await response.json()).toEqual(fileMessages(code));
    }
  });

  it('sends no-cache when the messages are not cacheable (read live in development)', async () => {
    const app = createTestApp(database, { NODE_ENV: 'development' });
    const response = await app.request('/_i18n/ar/messages.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    expect(await response.json()).toEqual(fileMessages('ar'));
  });

  it('answers unknown locales and path tricks with a JSON 404 and no day of caching', async () => {
    for (const mode of ['test', 'development']) {
      const app = createTestApp(database, { NODE_ENV: mode });
      for (const locale of ['xx', 'EN', 'en-US', '..%2Fpackage', 'toString']) {
        const response = await app.request(`/_i18n/${locale}/messages.json`);
        expect(response.status, `${mode} ${locale}`).toBe(404);
        expect(response.headers.get('Cache-Control') ?? '').not.toContain('max-age');
        expect((await response.json()).error.code).toBe('unknown_locale');
      }
    }
  });
});
