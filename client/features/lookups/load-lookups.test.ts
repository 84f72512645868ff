// The lookups fallback of spec §7/§8: network first (keeping a device copy), then the device copy,
// then a logged error; and the map and labels built from them.
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '#tests/support/memory-storage';
import { type LookupsDeps, LookupsUnavailableError, loadLookups } from './load-lookups';
import { lookupLabel, toLookupMap } from './lookup-map';
import { browserLookupsStorage, LOOKUPS_STORAGE_KEY } from './lookups-storage';

const france = { id: 'country.FR', values: ['France', 'Francia', 'France', 'فرنسا'] };
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function deps(fetch: LookupsDeps['fetch'], storage = memoryStorage()) {
  return { fetch, storage: browserLookupsStorage(storage), logError: vi.fn(), warn: vi.fn(), raw: storage };
}

describe('loading lookups', () => {
  it('keeps what the server answers under the localStorage key "lookups"', async () => {
    const d = deps(async () => [france]);
    expect(await loadLookups(d)).toEqual({ lookups: [france], from: 'network' });
    expect(JSON.parse(d.raw.getItem(LOOKUPS_STORAGE_KEY)!)).toEqual([france]);
    expect(d.logError).not.toHaveBeenCalled();
  });

  it('falls back to the device copy when the server cannot be reached', async () => {
    const storage = memoryStorage();
    await loadLookups(deps(async () => [france], storage));
    const d = deps(offline, storage);
    expect(await loadLookups(d)).toEqual({ lookups: [france], from: 'storage' });
    expect(d.logError).not.toHaveBeenCalled();
  });

  it('logs an error and fails when neither the server nor the device has them', async () => {
    const d = deps(offline);
    d.raw.setItem(LOOKUPS_STORAGE_KEY, '{"not":"a list"}');
    const failure = await loadLookups(d).catch((e) => e);
    expect(failure).toBeInstanceOf(LookupsUnavailableError);
    expect(failure.message).toBe('No lookups in the network or in local storage');
    expect(failure.cause).toBeInstanceOf(TypeError);
    expect(d.logError).toHaveBeenCalledWith(failure);
  });

  it('still answers when the device copy cannot be written', async () => {
    const d = deps(async () => [france]);
    d.raw.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(await loadLookups(d)).toEqual({ lookups: [france], from: 'network' });
    expect(d.warn).toHaveBeenCalledTimes(1);
  });
});

describe('the lookup map', () => {
  const map = toLookupMap([france, { id: 'region.Europe', values: ['Europe', '', 'Europe', 'أوروبا'] }]);

  it('maps id to values and labels in the interface language, English when a language is missing', () => {
    expect(map.get('country.FR')).toEqual(france.values);
    expect(lookupLabel(map, 'country.FR', 'es')).toBe('Francia');
    expect(lookupLabel(map, 'country.FR', 'ar')).toBe('فرنسا');
    expect(lookupLabel(map, 'country.FR', 'fr-CA')).toBe('France');
    expect(lookupLabel(map, 'region.Europe', 'es')).toBe('Europe');
    expect(lookupLabel(map, 'country.FR', 'de')).toBe('France');
    expect(lookupLabel(map, 'country.XX', 'en')).toBeUndefined();
  });
});
