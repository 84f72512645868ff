// @vitest-environment happy-dom
// Signed out means gone, on a page where the search worker never started too: a protected source's
// cached artifact and its delta segment leave the device; a public source's stay.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import appConfig from '#app-config';
import { deltaCacheKey } from '#client/workers/artifact-cache-keys';
import { indexedDbArtifactCache } from '#client/workers/indexed-db-artifact-cache';
import { parseAppConfig } from '#shared/app-config';
import { wipeProtectedData } from './signed-out-wipe';

describe('the sign-out wipe', () => {
  it('removes the protected sources’ cached artifacts and deltas, and keeps the public ones', async () => {
    const config = parseAppConfig(appConfig);
    const cache = indexedDbArtifactCache();
    // The form the worker keeps (decompressed bytes and their digest).
    const artifact = { crc32c: 1, size: 3, raw: new Blob([new Uint8Array([1, 2, 3])]), digest: 'a1' };
    const keys = ['cities', deltaCacheKey('cities'), 'countries', deltaCacheKey('countries')];
    for (const key of keys) await cache.put(key, artifact);

    await wipeProtectedData(config);

    expect(config.gapSearch.dataSources.cities!.protected).toBe(true);
    expect(config.gapSearch.dataSources.countries!.protected).toBe(false);
    const kept = await Promise.all(keys.map(async (key) => [key, (await cache.get(key)) !== undefined]));
    expect(Object.fromEntries(kept)).toEqual({
      cities: false,
      [deltaCacheKey('cities')]: false,
      countries: true,
      [deltaCacheKey('countries')]: true,
    });
  });
});
