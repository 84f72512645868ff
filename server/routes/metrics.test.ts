import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientLogEntry } from '#shared/client-log';
import type { LogSeverity } from '#shared/client-log-limits';
import { createAuthTestApp, createTestUser, signInTestUser } from '#tests/support/auth';
import { databaseTargets } from '#tests/support/databases';
import { createTestApp, fixedSession, testEnv } from '#tests/support/test-app';
import { createApp } from '../app';
import { loadAppConfig } from '../app-config';
import { createSessionStore, revokeUserSessions } from '../auth/session-store';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { createServerMetrics, type ServerMetrics } from '../metrics/server-metrics';
import { buildInProcess } from '../search/artifact-build';
import { artifactSummary, requestRebuild, sourceArtifact } from '../search/artifact-store';
import { createSearchIndexService, type SearchIndexService } from '../search/index-service';
import { fixtureRecords, writeFixtureDocuments } from '../search/test-fixtures';

const TOKEN = 'metrics-token-0123456789';
const config = loadAppConfig();
const logger = createLogger('silent');
/** No built client, so an unknown path answers a plain 404 rather than the SPA shell. */
const STATIC_DIR = mkdtempSync(join(tmpdir(), 'sift-no-build-'));

/** The value of one sample in Prometheus text, or undefined when the series is absent. */
/** Every label value of every sample line. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/\w+="([^"]*)"/g)].map((m) => m[1] ?? '');
}

function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (
      Object.keys(labels).length === Object.keys(found).length &&
      Object.entries(labels).every(([k, v]) => found[k] === v)
    ) {
      return Number(match[3]);
    }
  }
  return undefined;
}

type App = ReturnType<typeof createApp>;

/** GET /metrics, with `authorization` as the Authorization header when given. */
function getMetrics(app: App, authorization?: string) {
  return app.request('/metrics', { headers: authorization ? { Authorization: authorization } : {} });
}

function logEntry(severity: string): ClientLogEntry {
  return {
    logName: 'client',
    logObject: {
      metadata: { severity: severity as LogSeverity, timestamp: '2026-03-01T10:00:00.000Z' },
      message: 'something happened',
    },
  };
}

describe.each(databaseTargets())('GET /metrics on $name', (target) => {
  let database: Database;
  const services: SearchIndexService[] = [];

  /** The app with metrics on; `metrics` given, so the test can hand them to an index service too. */
  function metricsApp(metrics: ServerMetrics = createServerMetrics()) {
    const env = testEnv({ METRICS_TOKEN: TOKEN, STATIC_DIR, TRUST_PROXY_HOPS: '1' });
    const sessionStore = createSessionStore(database, env.AUTH_SESSION_MAX_AGE);
    return createApp({ env, config, database, logger, sessions: fixedSession(null), sessionStore, metrics });
  }

  async function scrape(app: App): Promise<string> {
    const response = await getMetrics(app, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    return response.text();
  }

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    for (const service of services) await service.stop();
    await database.close();
  });

  it('is an unknown path when no token is configured', async () => {
    const app = createTestApp(database, { STATIC_DIR });
    const unknown = await app.request('/no-such-path');
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await getMetrics(app, authorization);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(unknownBody);
    }
  });

  it('refuses a missing or wrong token with 401', async () => {
    const app = metricsApp();
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}-and-more`,
      TOKEN,
    ]) {
      const response = await getMetrics(app, authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await response.text()).not.toContain('sift_');
    }
  });

  it("answers Prometheus text with the process's metrics", async () => {
    const response = await getMetrics(metricsApp(), `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const text = await response.text();
    // The lag a scrape reports was measured after the previous one, so the first may be 0.
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by route pattern and status, never by path', async () => {
    const app = metricsApp();
    await app.request('/healthz');
    await app.request('/healthz');
    expect((await app.request('/api/index/countries/12345')).status).toBe(404);
    expect((await app.request('/api/no-such-route')).status).toBe(404);
    expect((await app.request('/no/such/file.js')).status).toBe(404);
    const text = await scrape(app);

    expect(
      sample(text, 'sift_http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
    ).toBe(2);
    const artifact = { method: 'GET', route: '/api/index/:source/:crc32c', status: '404' };
    expect(sample(text, 'sift_http_requests_total', artifact)).toBe(1);
    expect(sample(text, 'sift_http_request_duration_seconds_count', artifact)).toBe(1);
    expect(
      sample(text, 'sift_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBe(2);
    // Only labels are checked: a sample's value (a duration) may contain any digits.
    const labels = labelValues(text);
    expect(labels.some((value) => value.includes('12345'))).toBe(false);
    expect(labels.some((value) => value.includes('no-such'))).toBe(false);
    expect(labels).toContain('/api/index/:source/:crc32c');
  });

  it('counts refused rate limits by limit', async () => {
    const app = metricsApp();
    const headers = { 'X-Forwarded-For': '203.0.113.7' };
    const statuses = [];
    for (let i = 0; i < 22; i++) statuses.push((await app.request('/api/error-test', { headers })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const text = await scrape(app);
    expect(sample(text, 'sift_rate_limit_refusals_total', { limit: 'error-test' })).toBe(2);
    const failed = { method: 'GET', route: '/api/error-test', status: '500' };
    expect(sample(text, 'sift_http_requests_total', failed)).toBe(20);
  });

  it('counts accepted client log entries by level', async () => {
    const app = metricsApp();
    const post = (body: unknown) =>
      app.request('/api/send-log-to-gcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.8' },
        body: JSON.stringify(body),
      });
    expect((await post([logEntry('ERROR'), logEntry('INFO'), logEntry('ERROR')])).status).toBe(202);
    // Refused entries count nowhere, so a made-up level never becomes a series.
    expect((await post(logEntry('LOUD'))).status).toBe(400);
    const text = await scrape(app);
    expect(sample(text, 'sift_client_log_entries_total', { level: 'ERROR' })).toBe(2);
    expect(sample(text, 'sift_client_log_entries_total', { level: 'INFO' })).toBe(1);
    expect(text).not.toContain('LOUD');
  });

  it("counts this process's index builds and reports every current artifact", async () => {
    const metrics = createServerMetrics();
    const app = metricsApp(metrics);
    const indexes = (build = buildInProcess) => {
      const service = createSearchIndexService({ database, config, logger, build, metrics });
      services.push(service);
      return service;
    };
    await writeFixtureDocuments(database, config, 'countries', fixtureRecords().countries!);
    expect(await indexes().ensureIndex('countries')).toBe('built');
    const failing = indexes(() => Promise.reject(new Error('out of memory')));
    await expect(failing.ensureIndex('cities')).rejects.toThrow('out of memory');

    const text = await scrape(app);
    expect(sample(text, 'sift_index_builds_total', { source: 'countries', outcome: 'built' })).toBe(1);
    expect(sample(text, 'sift_index_builds_total', { source: 'cities', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'sift_index_build_duration_seconds_count', { source: 'countries' })).toBe(1);
    const stored = await artifactSummary(database.db, 'countries');
    expect(sample(text, 'sift_index_artifact_bytes', { source: 'countries' })).toBe(stored!.size);
    expect(sample(text, 'sift_index_documents', { source: 'countries' })).toBe(
      fixtureRecords().countries!.length,
    );
    expect(sample(text, 'sift_index_artifact_bytes', { source: 'cities' })).toBeUndefined();
    expect(sample(text, 'sift_index_head_bytes', { source: 'countries' })).toBeUndefined();
    expect(sample(text, 'sift_index_delta_bytes', { source: 'countries' })).toBeUndefined();
  });

  it("reports a source's head and delta segments, and the documents a client searches", async () => {
    const countries = fixtureRecords().countries!;
    // Every country is over the head's threshold here: a full build gives it a head of three.
    const service = createSearchIndexService({
      database,
      config,
      logger,
      build: buildInProcess,
      head: { documents: 3, from: countries.length },
    });
    services.push(service);
    await writeFixtureDocuments(database, config, 'countries', countries);
    await requestRebuild(database.db, 'countries');
    expect(await service.ensureIndex('countries')).toBe('built');
    const france = countries.find((country) => country.code === 'FRA')!;
    await writeFixtureDocuments(database, config, 'countries', [
      { ...france, code: 'FXX', name: 'New France' },
    ]);
    expect(await service.ensureIndex('countries')).toBe('built');

    const { head, delta } = (await sourceArtifact(database.db, 'countries'))!;
    expect(delta?.documentCount).toBe(1);
    const text = await scrape(metricsApp());
    const countriesSample = (name: string) => sample(text, name, { source: 'countries' });
    expect(countriesSample('sift_index_head_bytes')).toBe(head!.size);
    expect(countriesSample('sift_index_delta_bytes')).toBe(delta!.size);
    expect(countriesSample('sift_index_delta_documents')).toBe(1);
    expect(countriesSample('sift_index_documents')).toBe(countries.length);
    expect(countriesSample('sift_index_searchable_documents')).toBe(countries.length + 1);
  });

  it('reports live sessions, a signed-in user included, a revoked one not', async () => {
    const app = metricsApp();
    const before = sample(await scrape(app), 'sift_active_sessions');
    expect(before).toBeTypeOf('number');
    const { user, email, password } = await createTestUser(database);
    await signInTestUser(createAuthTestApp(database), email, password);
    expect(sample(await scrape(app), 'sift_active_sessions')).toBe(before! + 1);
    await revokeUserSessions(database.db, user.id);
    expect(sample(await scrape(app), 'sift_active_sessions')).toBe(before);
  });

  it("reports PostgreSQL's connection pool, and no pool for the embedded database", async () => {
    const text = await scrape(metricsApp());
    if (target.name === 'pglite') {
      expect(sample(text, 'sift_db_pool_connections')).toBeUndefined();
      return;
    }
    const total = sample(text, 'sift_db_pool_connections')!;
    expect(total).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sift_db_pool_idle_connections')).toBeLessThanOrEqual(total);
    expect(sample(text, 'sift_db_pool_waiting_requests')).toBe(0);
  });
});
