import { describe, expect, it } from 'vitest';
import { crc32c } from '../crc32c';
import { ARTIFACT_FORMAT, buildArtifact, readArtifact, restoreArtifact } from './index-artifact';
import { runSearch } from './run-search';

const source = {
  algorithm: 'sift' as const,
  dataType: 'city',
  searchProperties: { name: 'text' as const },
  indexedProperties: { country: 'enum' as const },
};
const documents = [
  { id: 'zh', name: 'Zürich', country: 'CH', rank: 5.6 },
  { id: 'sp', name: 'São Paulo', country: 'BR', rank: 7.1 },
];

describe('index artifact', () => {
  it("carries an index behind a JSON header, gzip'd, checksummed over the compressed bytes", async () => {
    const built = await buildArtifact(source, documents);
    expect(built.crc32c).toBe(crc32c(built.bytes));
    expect([built.bytes[0], built.bytes[1]]).toEqual([0x1f, 0x8b]);
    const artifact = await readArtifact(built.bytes);
    expect(artifact).toMatchObject({
      format: ARTIFACT_FORMAT,
      algorithm: 'sift',
      dataType: 'city',
      documentCount: 2,
    });
    expect(artifact.payload.byteOffset % 8).toBe(0);
    const { engine, index } = await restoreArtifact(artifact);
    const request = { term: 'zurich', limit: 10, threshold: 0, where: {}, boost: {} };
    const result = await runSearch(engine, index, 'city', request);
    expect(result.hits.map((h) => h.document)).toEqual([documents[0]]);
  });

  it('refuses to restore an index of an engine the app does not ship', async () => {
    const artifact = await readArtifact((await buildArtifact(source, documents)).bytes);
    await expect(restoreArtifact({ ...artifact, algorithm: 'bm25' })).rejects.toThrow(
      'No search engine for algorithm "bm25"',
    );
  });

  it('rejects bytes that are not an artifact of this format', async () => {
    const old = new Uint8Array(
      await new Response(
        new Blob([JSON.stringify({ format: 'sift-index/1', data: {} })])
          .stream()
          .pipeThrough(new CompressionStream('gzip')),
      ).arrayBuffer(),
    );
    await expect(readArtifact(old)).rejects.toThrow(`Not a ${ARTIFACT_FORMAT} index artifact`);
  });
});
