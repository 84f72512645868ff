// The search worker's operations in this process with every demo source loaded (135,233 cities and
// the 250 countries), as the benches of the search screen and of help while typing use them.
import { createSearchLoadStore } from '../client/features/search/search-load-store';
import { createSearchWorkerApi } from '../client/workers/search-worker-api';
import { loadAppConfig } from '../server/app-config';
import { cityRecords } from '../server/seed/cities';
import { countryRecords } from '../server/seed/countries';

export async function loadedDemoWorker() {
  const { dataSources } = loadAppConfig().gapSearch;
  const worker = createSearchWorkerApi({
    cache: { get: async () => undefined, put: async () => {}, delete: async () => {} },
    fetch: globalThis.fetch,
  });
  const store = createSearchLoadStore();
  const records = { countries: countryRecords(), cities: cityRecords() };
  for (const [name, data] of Object.entries(records)) {
    await worker.addIndex(name, dataSources[name]!, data);
    store.setSource(name, { state: 'loaded' });
  }
  return { dataSources, worker, store, records };
}
