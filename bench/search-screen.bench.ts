// The search screen's work per search with all 135,233 demo cities and the 250 countries loaded:
// what the worker does for one screen search (the hits, the facet counts, one more search per
// selected filter), and what the page then does on its main thread (sort the merged hits, cut out
// one page). The worker calls run in-process here. Prints one JSON line.

import { itemTitle, type TitleSource } from '#shared/search/item-title';
import { runScreenSearch, type ScreenQuery } from '../client/features/search/run-screen-search';
import { sortHits } from '../client/features/search/search-sort';
import { loadedDemoWorker } from './demo-worker';
import { measure } from './stats';

const SAMPLES = 7;

const { dataSources, worker, store, records } = await loadedDemoWorker();
const deps = { store, worker, logError: (message: string) => console.error(message) };

const queries: Record<string, ScreenQuery> = {
  // One letter: the most matches a typed text gives.
  oneLetter: { term: 'a', chips: [], filters: {} },
  word: { term: 'san', chips: [], filters: {} },
  twoWords: { term: 'san jose', chips: [], filters: {} },
  // A chip without text lists (and counts) the whole data type.
  browseCities: { term: '', chips: ['city'], filters: {} },
  wordOneFilter: { term: 'san', chips: [], filters: { country: ['US', 'MX'] } },
  wordTwoFilters: { term: 'san', chips: ['city'], filters: { country: ['US'], featureCode: ['PPL'] } },
};

const worker_: Record<string, unknown> = {};
let widest = { hits: 0, sortMs: 0 };
for (const [name, query] of Object.entries(queries)) {
  const result = await runScreenSearch(dataSources, dataSources, query, deps);
  worker_[name] = {
    total: result.total,
    hits: result.hits.length,
    ...(await measure(() => runScreenSearch(dataSources, dataSources, query, deps), SAMPLES, 1)),
  };
  if (result.hits.length > widest.hits) {
    const labels = {
      collator: new Intl.Collator('en'),
      title: (source: TitleSource, document: Record<string, unknown>, key: string) =>
        itemTitle(source, document, 'en', key),
    };
    const sort = await measure(
      async () => sortHits(result.hits, 'population', dataSources, labels).slice(0, 100),
      SAMPLES,
      1,
    );
    widest = { hits: result.hits.length, sortMs: sort.p50Ms };
  }
}

console.info(
  JSON.stringify({
    documents: { countries: records.countries.length, cities: records.cities.length },
    screenSearch: worker_,
    mainThreadSortAndPage: widest,
  }),
);
