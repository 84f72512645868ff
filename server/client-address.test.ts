import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress, warnOnUntrustedProxy } from './client-address';
import { createLogger } from './logger';

async function addressSeen(hops: number, forwardedFor?: string): Promise<string> {
  const app = new Hono().get('/', (c) => c.text(clientAddress(c, hops)));
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
  return (await app.request('/', { headers })).text();
}

describe('clientAddress', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', async () => {
    expect(await addressSeen(0, '6.6.6.6')).toBe('unknown');
  });

  it('takes the address the trusted proxy appended, not what the client claimed', async () => {
    expect(await addressSeen(1, '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeen(2, '6.6.6.6, 203.0.113.7, 10.0.0.2')).toBe('203.0.113.7');
  });

  it('falls back to the socket when the header has fewer hops than trusted', async () => {
    expect(await addressSeen(2, '203.0.113.7')).toBe('unknown');
  });
});

describe('warnOnUntrustedProxy', () => {
  function appWith(hops: number) {
    const warnings: string[] = [];
    const logger = createLogger('warn', {
      write: (line: string) => void warnings.push(JSON.parse(line).message),
    });
    const app = new Hono().use(warnOnUntrustedProxy(hops, logger)).get('/', (c) => c.text('ok'));
    return { app, warnings };
  }

  it('warns once when forwarded requests arrive and no proxy is trusted', async () => {
    const { app, warnings } = appWith(0);
    await app.request('/');
    expect(warnings).toEqual([]);
    await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/TRUST_PROXY_HOPS/);
  });

  it('stays quiet when proxies are trusted', async () => {
    const { app, warnings } = appWith(1);
    await app.request('/', { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(warnings).toEqual([]);
  });
});
