// The index artifact: one source's serialised index, self-describing so that the worker can restore
// it from the bytes alone. Stored gzip-compressed; the crc32c is over the compressed bytes.
import type { DataSourceConfig } from '../app-config';
import { crc32c } from '../crc32c';
import { engineFor } from './engines';
import { byRankDescending, indexSpec } from './index-input';
import type { SearchAlgorithm } from './search-algorithms';
import type { IndexDocument, IndexSpec } from './search-types';

export const ARTIFACT_FORMAT = 'sift-index/1';

export interface IndexArtifact {
  format: typeof ARTIFACT_FORMAT;
  algorithm: SearchAlgorithm;
  dataType: string;
  spec: IndexSpec;
  documentCount: number;
  /** The engine's own serialisation. */
  data: unknown;
}

export interface BuiltArtifact {
  /** gzip-compressed JSON of an IndexArtifact. */
  bytes: Uint8Array;
  crc32c: number;
  /** Size before compression. */
  rawSize: number;
  documentCount: number;
}

const streamed = (bytes: Uint8Array) => new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();

/** Indexes `documents` with the source's engine and packs the result into artifact bytes. */
export async function buildArtifact(
  source: Pick<DataSourceConfig, 'algorithm' | 'dataType' | 'searchProperties' | 'indexedProperties'>,
  documents: IndexDocument[],
): Promise<BuiltArtifact> {
  const spec = indexSpec(source);
  const engine = engineFor(source.algorithm);
  const index = await engine.build(spec, [...documents].sort(byRankDescending));
  const artifact: IndexArtifact = {
    format: ARTIFACT_FORMAT,
    algorithm: source.algorithm,
    dataType: source.dataType,
    spec,
    documentCount: documents.length,
    data: engine.serialize(index),
  };
  const raw = new TextEncoder().encode(JSON.stringify(artifact));
  // gzip at zlib's default level: level 9 takes 2.6× longer on the cities index for 2.5 % fewer bytes.
  const compressed = streamed(raw).pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(compressed).arrayBuffer());
  return { bytes, crc32c: crc32c(bytes), rawSize: raw.length, documentCount: documents.length };
}

/** Decompresses and parses artifact bytes; throws when they are not an artifact of this format. */
export async function readArtifact(bytes: Uint8Array): Promise<IndexArtifact> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream('gzip'));
  const artifact = JSON.parse(await new Response(stream).text()) as IndexArtifact;
  if (artifact?.format !== ARTIFACT_FORMAT) throw new Error(`Not a ${ARTIFACT_FORMAT} index artifact`);
  return artifact;
}

/** Restores the engine index held by an artifact. */
export async function restoreArtifact(artifact: IndexArtifact) {
  const engine = engineFor(artifact.algorithm);
  return { engine, index: await engine.restore(artifact.spec, artifact.data) };
}
