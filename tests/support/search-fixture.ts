// Two small public data sources for component tests of the search screen, and the server's two
// search endpoints for them at the fetch boundary: POST /api/index answers the checksums, and the
// artifact URL the index files, built here with the server's own artifact builder.
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import { buildArtifact } from '#shared/search/index-artifact';
import { recordsToIndexDocuments } from '#shared/search/index-input';
import { type FakeHandler, json } from './fake-server';

const base: Pick<
  DataSourceConfig,
  'algorithm' | 'protected' | 'boostProperties' | 'lookups' | 'sortOptions'
> = {
  algorithm: 'sift',
  protected: false,
  boostProperties: {},
  lookups: {},
  sortOptions: [],
};

/** A source searched by name and filtered by one enum property, which its results also show. */
const source = (dataType: string, keyProperty: string, filter: string): DataSourceConfig => ({
  ...base,
  dataType,
  keyProperty,
  titleProperty: 'name',
  descriptionProperties: [filter],
  searchProperties: { name: 'text' },
  indexedProperties: { [filter]: 'enum' },
  filters: { [filter]: filter },
});

export const searchSources: Record<string, DataSourceConfig> = {
  countries: source('country', 'code', 'region'),
  cities: { ...source('city', 'id', 'country'), rank: { property: 'population', scale: 'linear' } },
};

const saints = 'Antonio Bernardo Carlos Diego Esteban Felipe Gabriel Hilario Ignacio Jacinto Lorenzo Martín'
  .split(' ')
  .flatMap((name) => [name, `${name} Norte`]);
const cityCountries = ['ES', 'US', 'US', 'SV'];

/** 24 cities "San …", the most populous first: 6 in ES, 12 in US, 6 in SV. */
export const cityRecords = saints.map((saint, i) => ({
  id: `c${i + 1}`,
  name: `San ${saint}`,
  country: cityCountries[i % cityCountries.length]!,
  population: 100_000 - i * 1000,
}));

export const countryRecords = [
  { code: 'ES', name: 'Spain', region: 'Europe' },
  { code: 'SM', name: 'San Marino', region: 'Europe' },
  { code: 'SV', name: 'El Salvador', region: 'Americas' },
  { code: 'US', name: 'United States', region: 'Americas' },
];

/** Handlers for fakeServer(): the current checksum of each source and its artifact. */
export async function searchIndexHandlers(): Promise<Record<string, FakeHandler>> {
  const records: Record<string, Record<string, unknown>[]> = {
    countries: countryRecords,
    cities: cityRecords,
  };
  const built = await Promise.all(
    Object.entries(searchSources).map(async ([name, source]) => {
      const artifact = await buildArtifact(source, recordsToIndexDocuments(source, records[name]!));
      return { name, artifact, documentCount: records[name]!.length };
    }),
  );
  const handlers: Record<string, FakeHandler> = {
    [`POST ${apiPaths.searchIndex}`]: () =>
      json(
        Object.fromEntries(
          built.map(({ name, artifact, documentCount }) => [
            name,
            { state: 'ready', crc32c: artifact.crc32c, size: artifact.bytes.length, documentCount },
          ]),
        ),
      ),
  };
  for (const { name, artifact } of built) {
    handlers[`GET ${apiPaths.searchIndexArtifact(name, artifact.crc32c)}`] = () =>
      new Response(artifact.bytes as Uint8Array<ArrayBuffer>, {
        headers: { 'Content-Length': String(artifact.bytes.length) },
      });
  }
  return handlers;
}
