import { beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, emptiedBeforeEach } from '#tests/support/databases';
import type { Database } from '../db/client';
import { createArtifactCatalog, SUMMARY_TTL_MS } from './artifact-catalog';
import { saveArtifact } from './artifact-store';
import { INDEX_BUILT_CHANNEL } from './index-service';

/** A stand-in artifact: the catalog serves bytes, it does not read them. */
const artifact = (crc32c: number, text: string) => ({
  crc32c,
  bytes: new TextEncoder().encode(text),
  rawSize: text.length,
  documentCount: 1,
});

describe.each(databaseTargets())('the artifact catalog on $name', (target) => {
  const fresh = emptiedBeforeEach(target);
  let database: Database;
  beforeEach(() => {
    database = fresh();
  });

  it('answers from memory until a new artifact is announced, or its answer is too old', async () => {
    let clock = 0;
    const catalog = createArtifactCatalog(database, () => clock);
    await saveArtifact(database.db, 'countries', 'sift', artifact(1, 'first'), 'v1');
    expect((await catalog.summaries()).get('countries')?.crc32c).toBe(1);
    expect(new TextDecoder().decode((await catalog.bytes('countries', 1))!)).toBe('first');

    // Stored without an announcement: still the one in memory.
    await saveArtifact(database.db, 'countries', 'sift', artifact(2, 'second'), 'v2');
    expect((await catalog.summaries()).get('countries')?.crc32c).toBe(1);
    expect(await catalog.bytes('countries', 2)).toBeNull();

    await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source: 'countries', crc32c: 2 }));
    await expect.poll(async () => (await catalog.summaries()).get('countries')?.crc32c).toBe(2);
    expect(new TextDecoder().decode((await catalog.bytes('countries', 2))!)).toBe('second');
    expect(await catalog.bytes('countries', 1)).toBeNull();

    // A missed announcement costs at most the answer's lifetime.
    await saveArtifact(database.db, 'countries', 'sift', artifact(3, 'third'), 'v3');
    clock += SUMMARY_TTL_MS - 1;
    expect((await catalog.summaries()).get('countries')?.crc32c).toBe(2);
    clock += 1;
    expect((await catalog.summaries()).get('countries')?.crc32c).toBe(3);
  });

  it('reads the bytes of an artifact once for every request waiting for them', async () => {
    await saveArtifact(database.db, 'countries', 'sift', artifact(7, 'stored'), 'v1');
    const catalog = createArtifactCatalog(database);
    const crc32c = (await catalog.summaries()).get('countries')!.crc32c;
    const [a, b] = await Promise.all([
      catalog.bytes('countries', crc32c),
      catalog.bytes('countries', crc32c),
    ]);
    expect(a).not.toBeNull();
    expect(a).toBe(b);
    expect(await catalog.bytes('countries', crc32c)).toBe(a);
  });
});
