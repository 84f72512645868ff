import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locales } from '#shared/locales';
import { databaseTargets } from '#tests/support/databases';
import { loadAppConfig } from '../app-config';
import type { Database } from '../db/client';
import { documents, lookups } from '../db/schema/documents';
import { createLogger } from '../logger';
import { countDocuments } from '../search/document-store';
import { writeFixtureDocuments } from '../search/test-fixtures';
import { countryRecords } from './countries';
import { seedDemoData } from './seed-demo-data';

const full = loadAppConfig();
// Cities (135,233 records) are left out to keep the test quick; they take the same path.
const config = { ...full, gapSearch: { dataSources: { countries: full.gapSearch.dataSources.countries! } } };
const logger = createLogger('silent');

describe.each(databaseTargets())('seedDemoData on $name', (target) => {
  let database: Database;
  const seeded: string[] = [];
  const seed = () =>
    seedDemoData({ database, config, logger, onSourceSeeded: (name) => void seeded.push(name) });

  beforeAll(async () => {
    database = await target.open();
  });
  beforeEach(async () => {
    seeded.length = 0;
    await database.db.delete(documents);
    await database.db.delete(lookups);
  });
  afterAll(async () => database.close());

  it('fills empty sources and the lookups, once', async () => {
    await seed();
    expect(seeded).toEqual(['countries']);
    expect(await countDocuments(database.db, 'countries')).toBe(countryRecords().length);
    const [france] = await database.db.select().from(lookups).where(eq(lookups.id, 'country.FR'));
    expect(france?.values).toEqual(['France', 'Francia', 'France', 'فرنسا']);
    const [fra] = await database.db.select().from(lookups).where(eq(lookups.id, 'language.fra'));
    expect(fra?.values).toHaveLength(locales.length);
    expect(fra?.values[0]).toBe('French');
    const [capital] = await database.db.select().from(lookups).where(eq(lookups.id, 'featureCode.PPLC'));
    expect(capital?.values).toEqual(['Capital', 'Capital', 'Capitale', 'عاصمة']);

    await seed();
    expect(seeded).toEqual(['countries']);
  });

  it('completes a seed that was cut short', async () => {
    await writeFixtureDocuments(database, config, 'countries', countryRecords().slice(0, 10));
    await seed();
    expect(seeded).toEqual(['countries']);
    expect(await countDocuments(database.db, 'countries')).toBe(countryRecords().length);
  });

  it('leaves a source holding other data alone, and the lookups an operator changed', async () => {
    await writeFixtureDocuments(database, config, 'countries', [{ code: 'ATL', name: 'Atlantis' }]);
    await database.db.insert(lookups).values({ id: 'country.FR', values: ['La France'] });
    await seed();
    expect(seeded).toEqual([]);
    expect(await countDocuments(database.db, 'countries')).toBe(1);
    expect(await database.db.select().from(lookups)).toEqual([{ id: 'country.FR', values: ['La France'] }]);
  });
});
