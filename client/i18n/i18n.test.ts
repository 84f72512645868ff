import type { ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messagesBackend } from './messages-backend';

describe('messagesBackend', () => {
  afterEach(() => vi.unstubAllGlobals());

  const read = (code: string) =>
    new Promise<Parameters<ReadCallback>>((resolve) =>
      messagesBackend.read(code, 'translation', (error, data) => resolve([error, data])),
    );

  it('fetches the build-stamped messages of a language', async () => {
    const fetchMock = vi.fn(async () => Response.json({ hello: 'Bonjour' }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await read('fr')).toEqual([null, { hello: 'Bonjour' }]);
    expect(fetchMock).toHaveBeenCalledWith('/_i18n/fr/messages.json?v=test-build');
  });

  it('asks for a retry after a network error or a server error, not after a missing file', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));
    const [networkError, networkRetry] = await read('es');
    expect(networkError).toBeInstanceOf(TypeError);
    expect(networkRetry).toBe(true);

    vi.stubGlobal('fetch', async () => new Response('busy', { status: 503 }));
    expect((await read('es'))[1]).toBe(true);

    vi.stubGlobal('fetch', async () => new Response('nope', { status: 404 }));
    const [missing, retryMissing] = await read('xx');
    expect(String(missing)).toContain('HTTP 404');
    expect(retryMissing).toBe(false);
  });
});
