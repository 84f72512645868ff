import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const serviceWorkerUpdate = vi.fn<() => Promise<void>>();
vi.mock('../features/pwa/service-worker-store', () => ({
  checkForServiceWorkerUpdate: serviceWorkerUpdate,
  reloadIntoLatestVersion: vi.fn(),
}));

const never = () => new Promise<never>(() => {});

/** A fetch that answers latest.json with `latest`, and the build manifest with `manifest`. */
function serverAnswers(latest: () => Promise<Response>, manifest: () => Promise<Response>) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    const answer = url.startsWith('/builds/latest.json') ? latest() : manifest();
    // As a browser's fetch does: an abort rejects it, answered or not.
    return new Promise<Response>((resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      answer.then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const newerBuild = () => Promise.resolve(Response.json({ id: 'a-newer-build' }));
const noManifest = () => Promise.resolve(new Response(null, { status: 404 }));

/** checkForNewBuild of a freshly imported module (it remembers the newer build it has seen), asked. */
async function check(): Promise<{ answer: Promise<boolean> }> {
  vi.resetModules();
  const { checkForNewBuild } = await import('./build-updates');
  return { answer: checkForNewBuild() };
}

/** The answer at the 5 s limit, after checking that it had not come 1 ms before. */
async function answerAtTheLimit(answer: Promise<boolean>): Promise<boolean> {
  let settled = false;
  void answer.finally(() => (settled = true));
  await vi.advanceTimersByTimeAsync(4_999);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  return answer;
}

describe('checkForNewBuild', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serviceWorkerUpdate.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says no while the server names this build', async () => {
    const fetch = serverAnswers(() => Promise.resolve(Response.json({ id: 'test-build' })), noManifest);
    await expect((await check()).answer).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(serviceWorkerUpdate).not.toHaveBeenCalled();
  });

  it('says yes for a newer build once its manifest and service worker are fetched', async () => {
    const fetch = serverAnswers(newerBuild, noManifest);
    await expect((await check()).answer).resolves.toBe(true);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      expect.stringMatching(/^\/builds\/latest\.json\?timestamp=/),
      '/builds/meta/a-newer-build.json',
    ]);
    expect(serviceWorkerUpdate).toHaveBeenCalledTimes(1);
  });

  it('says no after 5 s when the server never answers', async () => {
    serverAnswers(never, noManifest);
    const { answer } = await check();
    expect(await answerAtTheLimit(answer)).toBe(false);
  });

  it('says yes after 5 s when the newer build’s manifest never arrives', async () => {
    serverAnswers(newerBuild, never);
    const { answer } = await check();
    expect(await answerAtTheLimit(answer)).toBe(true);
  });

  it('says yes after 5 s when the service worker’s update never ends', async () => {
    serverAnswers(newerBuild, noManifest);
    serviceWorkerUpdate.mockImplementation(never);
    const { answer } = await check();
    expect(await answerAtTheLimit(answer)).toBe(true);
  });
});
