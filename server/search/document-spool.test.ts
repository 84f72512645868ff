import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentSpool } from './document-spool';

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'document-spool-test-'));
  // os.tmpdir() reads it on each call.
  vi.stubEnv('TMPDIR', folder);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

describe('DocumentSpool', () => {
  it('gives the documents back best rank first, then by key, from a file that no folder shows', () => {
    const spool = new DocumentSpool({ rank: { property: 'population', scale: 'linear' } });
    const rows = [
      { key: 'b', json: JSON.stringify({ name: 'Tie B', population: 10 }) },
      { key: 'ç', json: JSON.stringify({ name: 'Größer', population: 500 }) },
      // Larger than the spool's buffer, so that it is written on its own.
      { key: 'a', json: JSON.stringify({ name: 'Tie A', population: 10, text: 'é'.repeat(5 * 2 ** 20) }) },
    ];
    for (const row of rows) spool.add(row);
    expect(readdirSync(folder)).toEqual([]);
    const documents = [...spool.inRankOrder()];
    expect(documents.map((document) => [document.id, document.rank, document.name])).toEqual([
      ['ç', 500, 'Größer'],
      ['a', 10, 'Tie A'],
      ['b', 10, 'Tie B'],
    ]);
    expect(documents[1]!.text).toBe('é'.repeat(5 * 2 ** 20));
  });
});
