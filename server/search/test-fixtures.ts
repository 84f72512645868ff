// Small slices of the demo data for search tests: a few countries and cities, written and indexed
// through the same code the server uses (the build runs in-process to keep tests quick).
import type { AppConfig } from '#shared/app-config';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { cityRecords } from '../seed/cities';
import { countryRecords } from '../seed/countries';
import { buildInProcess } from './artifact-build';
import { writeDocuments } from './document-store';
import { createSearchIndexService } from './index-service';
import { validateRecords } from './record-validation';

export const fixtureCountryCodes = ['FRA', 'CHE', 'BRA', 'SMR', 'CRI', 'EGY', 'CIV'];
export const fixtureCityNames = ['Zürich', 'São Paulo', 'Saint-Denis', 'Paris', 'Cairo'];

type FixtureRecords = Record<string, Record<string, unknown>[]>;
let fixtures: FixtureRecords | undefined;

/** A fresh copy each call; picked once, as picking reads every demo city (seconds of CPU). */
export function fixtureRecords(): FixtureRecords {
  fixtures ??= {
    countries: countryRecords().filter((c) => fixtureCountryCodes.includes(c.code as string)),
    cities: cityRecords().filter((c) => fixtureCityNames.includes(c.name as string)),
  };
  return structuredClone(fixtures);
}

export async function writeFixtureDocuments(
  database: Database,
  config: AppConfig,
  source: string,
  records: Record<string, unknown>[],
) {
  const { valid, rejected } = validateRecords(
    config.gapSearch.dataSources[source]!,
    records.map((record, i) => ({ at: i + 1, record })),
  );
  if (rejected.length > 0) throw new Error(JSON.stringify(rejected));
  return writeDocuments(database.db, source, valid);
}

/** Writes the fixture documents of every source and builds their indexes. */
export async function indexFixtures(database: Database, config: AppConfig) {
  for (const [source, records] of Object.entries(fixtureRecords())) {
    await writeFixtureDocuments(database, config, source, records);
  }
  const service = createSearchIndexService({
    database,
    config,
    logger: createLogger('silent'),
    build: buildInProcess,
  });
  for (const source of Object.keys(config.gapSearch.dataSources)) await service.ensureIndex(source);
}
