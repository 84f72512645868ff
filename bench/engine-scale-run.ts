// The engine scale bench's steps, each in a fresh process (bench/engine-scale.bench.ts):
//   tsx bench/engine-scale-run.ts build <documents> <artifact file>: N seeded synthetic documents of
//     the cities shape (bench/synthetic-cities.ts) built into the artifact the server serves;
//   tsx bench/engine-scale-run.ts measure <artifact file>: the engine on it (search-at-scale.ts);
//   tsx bench/engine-scale-run.ts derive <artifact file> <derived file>: what the worker keeps beside
//     the artifact's bytes once it opened them (the engine's derived arrays), for
//     bench/scale-search-run.ts to open a warm start with.
// Each prints one JSON line.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadAppConfig } from '../server/app-config';
import { recordsToIndexDocuments } from '../shared/search/index-input';
import { siftEngine } from '../shared/search/sift-engine';
import { measureCitiesArtifact } from './search-at-scale';
import { artifactEngine } from './search-engines';
import { syntheticCities } from './synthetic-cities';

const [step, ...args] = process.argv.slice(2);
if (step === 'build') {
  const [count, file] = [Number(args[0]), args[1]!];
  const source = loadAppConfig().gapSearch.dataSources.cities!;
  const documents = recordsToIndexDocuments(source, [...syntheticCities(count)]);
  const started = performance.now();
  const { bytes, rawSize } = await artifactEngine(siftEngine).build(source, documents);
  writeFileSync(file, bytes);
  console.info(
    JSON.stringify({ documents: count, buildMs: Math.round(performance.now() - started), rawSize }),
  );
} else if (step === 'measure') {
  console.info(JSON.stringify(await measureCitiesArtifact(new Uint8Array(readFileSync(args[0]!)))));
} else if (step === 'derive') {
  const source = loadAppConfig().gapSearch.dataSources.cities!;
  const engine = artifactEngine(siftEngine);
  const kept = await engine.keep!(new Uint8Array(readFileSync(args[0]!)));
  const derived = await engine.derive!(source, kept);
  writeFileSync(args[1]!, derived);
  console.info(JSON.stringify({ rawBytes: kept.length, derivedBytes: derived.length }));
} else {
  throw new Error(
    'Usage: tsx bench/engine-scale-run.ts build <documents> <file> | measure <file> | derive <file> <derived file>',
  );
}
