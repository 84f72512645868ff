import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '#server/app-config';
import { buildArtifact } from '#shared/search/index-artifact';
import { recordsToIndexDocuments } from '#shared/search/index-input';
import { buildInProcess } from './artifact-build';
import type { DocumentRow } from './document-store';

const cities = loadAppConfig().gapSearch.dataSources.cities!;

async function* pagesOf(rows: DocumentRow[], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

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
    const rows = records
      .map((record) => ({ key: String(record.id), json: JSON.stringify(record) }))
      .sort((a, b) => (a.key < b.key ? -1 : 1));
    const built = await buildInProcess(cities, pagesOf(rows, 2), undefined, ['gone']);
    const expected = await buildArtifact(cities, recordsToIndexDocuments(cities, records), undefined, [
      'gone',
    ]);
    expect(built.crc32c).toBe(expected.crc32c);
    expect(built.documentCount).toBe(records.length);
  });
});
