// The screen's searches through the real worker operations (in-process, indexes built from
// records): which sources are searched, and the value counts each filter shows.
import { describe, expect, it } from 'vitest';
import { createSearchWorkerApi } from '#client/workers/search-worker-api';
import type { DataSourceConfig } from '#shared/app-config';
import { runScreenSearch } from './run-screen-search';
import { createSearchLoadStore } from './search-load-store';

const base: Omit<DataSourceConfig, 'dataType' | 'filters' | 'indexedProperties'> = {
  algorithm: 'sift',
  protected: false,
  keyProperty: 'id',
  titleProperty: 'name',
  descriptionProperties: [],
  searchProperties: { name: 'text' },
  boostProperties: {},
  lookups: {},
  sortOptions: [],
};
const dataSources: Record<string, DataSourceConfig> = {
  lakes: {
    ...base,
    dataType: 'lake',
    indexedProperties: { country: 'enum', kind: 'enum' },
    filters: { country: 'country', kind: 'kind' },
    rangeFilters: { area: { property: 'area', buckets: [100, 500] } },
    coordinates: { lat: 'lat', lon: 'lon' },
  },
  peaks: {
    ...base,
    dataType: 'peak',
    indexedProperties: { countries: 'enum[]' },
    filters: { country: 'countries' },
  },
};
const records = {
  lakes: [
    { id: 'l1', name: 'Lake Geneva', country: 'CH', kind: 'natural', area: 580, lat: 46.45, lon: 6.53 },
    { id: 'l2', name: 'Lake Constance', country: 'DE', kind: 'natural', area: 536, lat: 47.63, lon: 9.37 },
    { id: 'l3', name: 'Lake Zurich', country: 'CH', kind: 'natural', area: 88, lat: 47.25, lon: 8.68 },
    { id: 'l4', name: 'Lake Sihl', country: 'CH', kind: 'reservoir', area: 11, lat: 47.13, lon: 8.78 },
  ],
  peaks: [
    { id: 'p1', name: 'Mont Blanc', countries: ['FR', 'IT'] },
    { id: 'p2', name: 'Lake Peak', countries: ['CH'] },
  ],
};

async function setup() {
  const worker = createSearchWorkerApi({
    cache: { get: async () => undefined, put: async () => {}, delete: async () => {} },
    fetch: globalThis.fetch,
  });
  const store = createSearchLoadStore();
  for (const name of ['lakes', 'peaks'] as const) {
    await worker.addIndex(name, dataSources[name]!, records[name]);
    store.setSource(name, { state: 'loaded' });
  }
  const deps = { store, worker, logError: () => {} };
  return (
    term: string,
    filters: Record<string, string[]> = {},
    chips: string[] = [],
    near?: { lat: number; lon: number },
  ) => runScreenSearch(dataSources, dataSources, { term, chips, filters, near }, deps);
}

const ids = (result: { hits: { id: string }[] }) => result.hits.map((h) => h.id).sort();

describe('one search of the screen', () => {
  it('searches every source and counts each filter value over all of them', async () => {
    const run = await setup();
    const result = await run('lake');
    expect(ids(result)).toEqual(['l1', 'l2', 'l3', 'l4', 'p2']);
    expect(result.total).toBe(5);
    expect(result.counts).toEqual({ country: { CH: 4, DE: 1 }, kind: { natural: 3, reservoir: 1 } });
    // Buckets below 100, 100–500, 500 and more: the peaks have no area and no range filter.
    expect(result.rangeCounts).toEqual({ area: [2, 0, 2] });
  });

  it('counts every filter with the range, and the range histogram with every other filter', async () => {
    const run = await setup();
    const result = await run('lake', { area: ['50..600'], kind: ['natural'] });
    expect(ids(result)).toEqual(['l1', 'l2', 'l3']);
    // The country filter is counted with the range and the kind; the kind with the range only.
    expect(result.counts.country).toEqual({ CH: 2, DE: 1 });
    expect(result.counts.kind).toEqual({ natural: 3 });
    // The histogram without its own range: natural lakes of every size.
    expect(result.rangeCounts.area).toEqual([1, 0, 2]);
    const narrow = await run('lake', { area: ['..100'], country: ['CH'] });
    expect(ids(narrow)).toEqual(['l3', 'l4']);
    expect(narrow.counts).toEqual({ country: { CH: 2 }, kind: { natural: 1, reservoir: 1 } });
    expect(narrow.rangeCounts.area).toEqual([2, 0, 1]);
    // A range leaves out sources without it.
    expect(Object.keys(narrow.sources)).toEqual(['lakes']);
  });

  it('lists the hits of sources with coordinates nearest a place first', async () => {
    const run = await setup();
    // From Konstanz: Lake Constance, then the lakes of Zurich and Sihl, then Geneva.
    const result = await run('lake', {}, ['lake'], { lat: 47.66, lon: 9.17 });
    expect(result.hits.map((h) => h.id)).toEqual(['l2', 'l3', 'l4', 'l1']);
  });

  it('counts a selected filter without its own selection, and the others with it', async () => {
    const run = await setup();
    const result = await run('lake', { country: ['DE'] });
    expect(ids(result)).toEqual(['l2']);
    // Choosing CH as well would add 4: the country filter still offers it.
    expect(result.counts.country).toEqual({ CH: 4, DE: 1 });
    expect(result.counts.kind).toEqual({ natural: 1 });
  });

  it('leaves out sources without a filter in effect, and searches nothing when none has them all', async () => {
    const run = await setup();
    const byKind = await run('lake', { kind: ['reservoir'] });
    expect(ids(byKind)).toEqual(['l4']);
    expect(Object.keys(byKind.sources)).toEqual(['lakes']);

    const chips = await run('', {}, ['peak']);
    expect(ids(chips)).toEqual(['p1', 'p2']);
    expect(chips.counts).toEqual({ country: { CH: 1, FR: 1, IT: 1 } });
  });

  it('marks a source whose search failed and counts the rest', async () => {
    const worker = createSearchWorkerApi({
      cache: { get: async () => undefined, put: async () => {}, delete: async () => {} },
      fetch: globalThis.fetch,
    });
    const store = createSearchLoadStore();
    await worker.addIndex('lakes', dataSources.lakes!, records.lakes);
    // The load store says loaded, but the worker lost the index: its searches fail.
    store.setSource('lakes', { state: 'loaded' });
    store.setSource('peaks', { state: 'loaded' });
    const logged: string[] = [];
    const result = await runScreenSearch(
      dataSources,
      dataSources,
      { term: 'lake', chips: [], filters: {} },
      { store, worker, logError: (message) => void logged.push(message) },
    );
    expect(result.sources.peaks).toBe('error');
    expect(ids(result)).toEqual(['l1', 'l2', 'l3', 'l4']);
    expect(result.total).toBe(4);
    expect(result.counts.country).toEqual({ CH: 3, DE: 1 });
    expect(logged).toEqual(['A search failed on one source; it is skipped']);
  });
});
