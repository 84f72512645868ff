// Loads the demo data sets on first start (SEED_DEMO_DATA): each configured demo source that has no
// documents yet, and the lookups when there are none. Smallest source first, so its index is
// built while the larger one is still being written. Writes commit in batches so requests keep
// being answered; a seed cut short (the source holds only part of the demo data) is completed
// on the next start, while a source holding any other document is left alone.
import { sql } from 'drizzle-orm';
import type { AppConfig } from '#shared/app-config';
import type { Database } from '../db/client';
import { lookups } from '../db/schema/documents';
import { LOOKUPS_CHANGED_CHANNEL } from '../graphql/lookup-store';
import type { Logger } from '../logger';
import { countDocuments, writeDocuments } from '../search/document-store';
import { validateRecords } from '../search/record-validation';
import { cityRecords } from './cities';
import { countryRecords, loadCountries } from './countries';
import { demoLookups } from './lookups';

const demoSources: [name: string, records: () => Record<string, unknown>[]][] = [
  ['countries', () => countryRecords()],
  ['cities', cityRecords],
];

export async function seedDemoData(options: {
  database: Database;
  config: AppConfig;
  logger: Logger;
  /** Called after a source's documents were written, e.g. to queue its index build. */
  onSourceSeeded?: (source: string) => Promise<void> | void;
}): Promise<void> {
  const { database, config, logger } = options;
  const { db } = database;
  const [existing] = await db.select({ count: sql<number>`count(*)::int` }).from(lookups);
  if (!existing?.count) {
    const rows = demoLookups(loadCountries());
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(lookups)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
    await database.notify(LOOKUPS_CHANGED_CHANNEL, '');
    logger.info({ lookups: rows.length }, 'demo lookups seeded');
  }
  for (const [name, load] of demoSources) {
    const source = config.gapSearch.dataSources[name];
    if (!source) continue;
    const started = performance.now();
    const records = load();
    const existing = await countDocuments(db, name);
    if (existing >= records.length) continue;
    if (existing > 0) {
      const demoKeys = records.map((record) => String(record[source.keyProperty]));
      if ((await countDocuments(db, name, demoKeys)) < existing) continue;
    }
    const { valid, rejected } = validateRecords(
      source,
      records.map((record, i) => ({ at: i + 1, record })),
    );
    if (rejected.length > 0) {
      // The shipped data and the shipped config disagree: a bug, not an operator error.
      throw new Error(
        `Demo data for "${name}" does not fit its config: ${JSON.stringify(rejected.slice(0, 3))}`,
      );
    }
    await writeDocuments(db, name, valid, { atomic: false });
    logger.info(
      { source: name, documents: valid.length, ms: Math.round(performance.now() - started) },
      'demo data seeded',
    );
    await options.onSourceSeeded?.(name);
  }
}
