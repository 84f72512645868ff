// The graphql-http server audit suite (GraphQL over HTTP conformance) against /graphql in process:
// every MUST audit passes, and so do the recommendations, so a regression in either shows here.
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '#tests/support/databases';
import { createTestApp } from '#tests/support/test-app';
import type { Database } from '../db/client';

let database: Database;
let app: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  database = await openTestPglite();
  app = createTestApp(database);
});
afterAll(async () => database.close());

const audits = serverAudits({
  url: 'http://localhost/graphql',
  fetchFn: (input: RequestInfo | URL, init?: RequestInit) =>
    app.request(input instanceof Request ? input : String(input), init),
});

describe('graphql-http server audits', () => {
  it('has MUST audits to run', () => {
    expect(audits.filter((audit) => audit.name.startsWith('MUST')).length).toBeGreaterThanOrEqual(13);
  });

  it.each(audits.map((audit) => [audit.id, audit.name, audit] as const))(
    '%s %s',
    async (_id, _name, audit) => {
      const result = await audit.fn();
      expect(
        result.status === 'ok' ? 'ok' : `${result.status}: ${'reason' in result ? result.reason : ''}`,
      ).toBe('ok');
    },
  );
});
