// @vitest-environment happy-dom
// Signed out means gone, on a page where the search worker never started too: every cache entry of a
// protected source, or of one the configuration no longer has (its artifact, its delta segment and
// the arrays derived from each), leaves the device; a public source's stay.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import appConfig from '#app-config';
import { DERIVED_KEY_SUFFIX, sourceCacheKeys } from '#client/workers/artifact-cache-keys';
import { indexedDbArtifactCache } from '#client/workers/indexed-db-artifact-cache';
import { parseAppConfig } from '#shared/app-config';
import { wipeProtectedData } from './signed-out-wipe';

describe('the sign-out wipe', () => {
  it('removes the protected and unconfigured sources’ cache entries, derived arrays too, and keeps the public ones', async () => {
    const config = parseAppConfig(appConfig);
    const cache = indexedDbArtifactCache();
    // The forms the worker keeps: decompressed bytes and their digest, derived arrays beside them.
    const artifact = { crc32c: 1, size: 3, raw: new Blob([new Uint8Array([1, 2, 3])]), digest: 'a1' };
    const derived = { crc32c: 1, of: 'a1', derived: new Blob([new Uint8Array([4])]), digest: 'b2' };
    const keys = ['cities', 'countries', 'retired'].flatMap(sourceCacheKeys);
    expect(keys.filter((key) => key.endsWith(DERIVED_KEY_SUFFIX))).toHaveLength(6);
    for (const key of keys) await cache.put(key, key.endsWith(DERIVED_KEY_SUFFIX) ? derived : artifact);

    await wipeProtectedData(config);

    expect(config.gapSearch.dataSources.cities!.protected).toBe(true);
    expect(config.gapSearch.dataSources.countries!.protected).toBe(false);
    const kept = await Promise.all(keys.map(async (key) => [key, (await cache.get(key)) !== undefined]));
    expect(Object.fromEntries(kept)).toEqual({
      ...Object.fromEntries(sourceCacheKeys('cities').map((key) => [key, false])),
      ...Object.fromEntries(sourceCacheKeys('countries').map((key) => [key, true])),
      ...Object.fromEntries(sourceCacheKeys('retired').map((key) => [key, false])),
    });
  });
});
