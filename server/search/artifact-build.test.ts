import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '#server/app-config';
import {
  type BuiltArtifact,
  buildArtifact,
  readArtifact,
  restoreArtifact,
} from '#shared/search/index-artifact';
import { recordsToIndexDocuments } from '#shared/search/index-input';
import { runSearch } from '#shared/search/run-search';
import { buildSearchRequest } from '#shared/search/search-request';
import { buildInProcess } from './artifact-build';
import type { DocumentRow } from './document-store';

const cities = loadAppConfig().gapSearch.dataSources.cities!;

async function* pagesOf(rows: DocumentRow[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** Rows of `records` in key order, as the database hands them to a build. */
const rowsOf = (records: Record<string, unknown>[]) =>
  records
    .map((record) => ({ key: String(record.id), json: JSON.stringify(record) }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));

describe('buildInProcess', () => {
  it('builds, from pages in key order, the artifact of the documents best rank first', async () => {
    const records: Record<string, unknown>[] = [
      { id: '3', name: 'Tie B', country: 'FR', population: 5000 },
      { id: '1', name: 'Small', country: 'FR', population: 1200, altNames: ['Petite'] },
      { id: '2', name: 'Large', country: 'DE', population: 2_000_000, codes: ['LRG'] },
      { id: '4', name: 'Tie A', country: 'ES', population: 5000, lat: 1.5, lon: -3.25 },
      { id: '5', name: 'Multi\nline', country: 'ES', note: { any: 'json' } },
      // Far past a spool chunk, so that documents come back from more than one.
      { id: '6', name: 'Long', country: 'IT', population: 10, description: 'x'.repeat(9 * 2 ** 20) },
    ];
    const built = await buildInProcess(cities, pagesOf(rowsOf(records), 2), undefined, { hides: ['gone'] });
    const expected = await buildArtifact(cities, recordsToIndexDocuments(cities, records), undefined, [
      'gone',
    ]);
    expect(built.crc32c).toBe(expected.crc32c);
    expect(built.documentCount).toBe(records.length);
  });

  describe('the head', () => {
    // Populations in no order of their keys; two share the fourth place, which the key decides.
    const populations = [300, 90_000, 5000, 1_200_000, 700, 42_000, 42_000, 15, 250_000, 8000];
    const records = populations.map((population, i) => ({
      id: `c${String(i).padStart(2, '0')}`,
      name: `Springfield ${i}`,
      country: i % 2 ? 'US' : 'CA',
      population,
    }));
    const head = { documents: 4, from: records.length };

    /** The ids of an artifact's documents in its order, and each hit's score for `term`. */
    async function contents(artifact: BuiltArtifact, term: string) {
      const read = await readArtifact(artifact.bytes);
      const { engine, index } = await restoreArtifact(read);
      const all = await runSearch(engine, index, read.dataType, buildSearchRequest(cities, undefined));
      const found = await runSearch(engine, index, read.dataType, buildSearchRequest(cities, term));
      return {
        documentCount: read.documentCount,
        hides: read.hides,
        ids: all.hits.map((hit) => hit.id),
        scores: new Map(found.hits.map((hit) => [hit.id, hit.score])),
      };
    }

    it('holds a large source’s best-ranked documents, each scoring as in the artifact', async () => {
      const built = await buildInProcess(cities, pagesOf(rowsOf(records), 3), undefined, { head });
      expect(built.head).toBeDefined();
      const best = ['c03', 'c08', 'c01', 'c05'];
      const headContents = await contents(built.head!, 'springfield');
      expect(built.head!.documentCount).toBe(4);
      expect(headContents).toMatchObject({ documentCount: 4, hides: undefined, ids: best });
      const full = await contents(built, 'springfield');
      expect(full.ids.slice(0, 4)).toEqual(best);
      expect(full.ids).toHaveLength(records.length);
      expect([...headContents.scores.keys()].sort()).toEqual([...best].sort());
      for (const [id, score] of headContents.scores) expect(score, id).toBe(full.scores.get(id));
      // The same bytes as an artifact of those documents alone.
      const alone = records.filter((record) => best.includes(record.id));
      expect(built.head!.crc32c).toBe(
        (await buildArtifact(cities, recordsToIndexDocuments(cities, alone))).crc32c,
      );
    });

    it('is not made for a source under the threshold, nor for a delta segment', async () => {
      const small = await buildInProcess(cities, pagesOf(rowsOf(records.slice(1)), 3), undefined, { head });
      expect(small.documentCount).toBe(records.length - 1);
      expect(small.head).toBeUndefined();
      const delta = await buildInProcess(cities, pagesOf(rowsOf(records), 3), undefined, {
        head,
        hides: ['c99'],
      });
      expect(delta.documentCount).toBe(records.length);
      expect(delta.head).toBeUndefined();
    });

    it('is left to sources of HEAD_FROM documents and more when no thresholds are given', async () => {
      expect((await buildInProcess(cities, pagesOf(rowsOf(records), 3))).head).toBeUndefined();
    });
  });
});
