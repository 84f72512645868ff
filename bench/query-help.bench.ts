// Help while typing, per keystroke, with all 135,233 demo cities and the 250 countries loaded:
// the box's title completions for each prefix of some queries (1–2 characters reported apart),
// beside the plain searches they are made from (same requests, hits only), and the "did you mean"
// correction a search with an unknown word asks for. The worker calls run in-process here.
// Prints one JSON line.
import { correctQuery, suggestCompletions } from '../client/features/search/query-suggestions';
import { buildSearchRequest } from '../shared/search/search-request';
import { loadedDemoWorker } from './demo-worker';
import { latencyStats } from './stats';

const ROUNDS = 20;
const typed = ['london', 'new york', 'san francisco', 'tokyo', 'القاهرة', 'buenos aires', 'zürich', 'mumbai'];
const misspelt = ['londn', 'nwe yrok', 'sna franciso', 'tokio', 'القاهرا', 'buenos airs'];

const { dataSources, worker, store } = await loadedDemoWorker();
const deps = { store, worker };

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The searches completions are made from, without the completions: what they add is the difference. */
const plainSearches = (text: string) =>
  Promise.all(
    Object.entries(dataSources).map(([name, source]) =>
      worker.searchIndex(name, { ...buildSearchRequest(source, text), limit: 30 }),
    ),
  );

const short: number[] = [];
const longer: number[] = [];
const plainShort: number[] = [];
const plainLonger: number[] = [];
const corrections: number[] = [];
for (let round = 0; round <= ROUNDS; round += 1) {
  for (const query of typed) {
    for (let length = 1; length <= query.length; length += 1) {
      const text = query.slice(0, length);
      const ms = await time(() => suggestCompletions(dataSources, text, 'en', deps));
      const plainMs = await time(() => plainSearches(text));
      if (round > 0) (length <= 2 ? short : longer).push(ms);
      if (round > 0) (length <= 2 ? plainShort : plainLonger).push(plainMs);
    }
  }
  for (const query of misspelt) {
    const ms = await time(() => correctQuery(dataSources, query, deps));
    if (round > 0) corrections.push(ms);
  }
}

const examples = Object.fromEntries(
  await Promise.all(
    ['l', 'lon', 'new y', 'san', 'toky', 'القا'].map(async (q) => [
      q,
      await suggestCompletions(dataSources, q, 'en', deps),
    ]),
  ),
);
const corrected = Object.fromEntries(
  await Promise.all(misspelt.map(async (q) => [q, await correctQuery(dataSources, q, deps)])),
);
console.info(
  JSON.stringify({
    completionsOneOrTwoChars: latencyStats(short),
    completionsLonger: latencyStats(longer),
    plainSearchOneOrTwoChars: latencyStats(plainShort),
    plainSearchLonger: latencyStats(plainLonger),
    didYouMean: latencyStats(corrections),
    examples,
    corrected,
  }),
);
