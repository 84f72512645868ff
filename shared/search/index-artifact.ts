// The index artifact: one source's serialised index, self-describing so that the worker can restore
// it from the bytes alone. Layout before compression: a little-endian u32 length, that many bytes
// of JSON header (format, algorithm, data type, spec, document count), zero padding to a multiple
// of 8, then the engine's payload (Sift's: binary sections viewed in place). Stored gzip-compressed;
// the crc32c is over the compressed bytes.
import type { DataSourceConfig } from '../app-config';
import { crc32c } from '../crc32c';
import { gunzipBytes } from '../gunzip';
import type { SearchEngine } from './engine';
import { engineFor } from './engines';
import { byRankDescending, indexSpec } from './index-input';
import type { IndexDocument, IndexSpec } from './search-types';

export const ARTIFACT_FORMAT = 'sift-index/3';

export interface ArtifactHeader {
  format: typeof ARTIFACT_FORMAT;
  /** The engine that built it (`SearchEngine.algorithm`). */
  algorithm: string;
  dataType: string;
  spec: IndexSpec;
  documentCount: number;
  /** A delta segment's: the keys of the base documents it replaces or removes (segments.ts). */
  hides?: string[];
}

export interface IndexArtifact extends ArtifactHeader {
  /** The engine's own serialisation, 8-byte aligned in its buffer. */
  payload: Uint8Array;
}

export interface BuiltArtifact {
  /** gzip-compressed header and payload. */
  bytes: Uint8Array;
  crc32c: number;
  /** Size before compression. */
  rawSize: number;
  documentCount: number;
}

const PAYLOAD_ALIGNMENT = 8;
const payloadOffset = (headerLength: number) =>
  Math.ceil((4 + headerLength) / PAYLOAD_ALIGNMENT) * PAYLOAD_ALIGNMENT;

/** Bytes of the payload handed to gzip at a time, so that header and payload are never copied into one buffer. */
const PACK_CHUNK = 1 << 20;

/** A payload made chunk by chunk as it is compressed (a Sift writer's `finishLayout`). */
export interface PayloadChunks {
  size: number;
  chunks(): Iterable<Uint8Array>;
}

function* inChunks(payload: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < payload.length; at += PACK_CHUNK) yield payload.subarray(at, at + PACK_CHUNK);
}

/** The artifact's uncompressed bytes as a stream: length, header, padding, then the payload's chunks. */
function packed(
  header: ArtifactHeader,
  payload: Uint8Array | PayloadChunks,
): { stream: ReadableStream<Uint8Array<ArrayBuffer>>; size: number } {
  const headerBytes = new TextEncoder().encode(JSON.stringify(header));
  const offset = payloadOffset(headerBytes.length);
  const prefix = new Uint8Array(new ArrayBuffer(offset));
  new DataView(prefix.buffer).setUint32(0, headerBytes.length, true);
  prefix.set(headerBytes, 4);
  const chunks = (function* () {
    yield prefix;
    yield* payload instanceof Uint8Array ? inChunks(payload) : payload.chunks();
  })();
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value as Uint8Array<ArrayBuffer>);
    },
  });
  const size = payload instanceof Uint8Array ? payload.length : payload.size;
  return { stream, size: offset + size };
}

/**
 * Indexes `documents` with the source's engine and packs the result into artifact bytes; a delta
 * segment names the base documents it `hides`. The benchmark passes `engine` to put its baseline
 * through the same path.
 */
export async function buildArtifact(
  source: Pick<DataSourceConfig, 'algorithm' | 'dataType' | 'searchProperties' | 'indexedProperties'>,
  documents: IndexDocument[],
  engine: SearchEngine = engineFor(source.algorithm),
  hides?: string[],
): Promise<BuiltArtifact> {
  const index = await engine.build(indexSpec(source), [...documents].sort(byRankDescending));
  return packArtifact(source, engine.algorithm, documents.length, engine.serialize(index), hides);
}

/** Packs an engine's payload of `documentCount` documents into artifact bytes (a streamed build's way in). */
export async function packArtifact(
  source: Pick<DataSourceConfig, 'dataType' | 'searchProperties' | 'indexedProperties'>,
  algorithm: string,
  documentCount: number,
  payload: Uint8Array | PayloadChunks,
  hides?: string[],
): Promise<BuiltArtifact> {
  const header: ArtifactHeader = {
    format: ARTIFACT_FORMAT,
    algorithm,
    dataType: source.dataType,
    spec: indexSpec(source),
    documentCount,
    ...(hides && { hides }),
  };
  const raw = packed(header, payload);
  // gzip at zlib's default level: level 9 takes 2.6× longer on the cities index for 2.5 % fewer bytes.
  const compressed = raw.stream.pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(compressed).arrayBuffer());
  return { bytes, crc32c: crc32c(bytes), rawSize: raw.size, documentCount };
}

/** Decompresses artifact bytes and reads the header; throws when they are not an artifact of this format. */
export async function readArtifact(bytes: Uint8Array): Promise<IndexArtifact> {
  return parseArtifact(await inflateArtifact(bytes));
}

/** The artifact's bytes before compression, which parseArtifact reads without copying. */
export const inflateArtifact: (bytes: Uint8Array) => Promise<Uint8Array> = gunzipBytes;

/** Reads the header of decompressed artifact bytes; throws when they are not an artifact of this format. */
export function parseArtifact(raw: Uint8Array): IndexArtifact {
  const headerLength = raw.length >= 4 ? new DataView(raw.buffer, raw.byteOffset).getUint32(0, true) : 0;
  const header = parseHeader(raw.subarray(4, 4 + headerLength));
  if (header?.format !== ARTIFACT_FORMAT || payloadOffset(headerLength) > raw.length) {
    throw new Error(`Not a ${ARTIFACT_FORMAT} index artifact`);
  }
  return { ...header, payload: raw.subarray(payloadOffset(headerLength)) };
}

function parseHeader(bytes: Uint8Array): ArtifactHeader | undefined {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as ArtifactHeader;
  } catch {
    return undefined;
  }
}

/**
 * Restores the engine index held by an artifact, with the engine it names unless given one, taking
 * what the engine derived from it before when given (`SearchEngine.derive`).
 */
export async function restoreArtifact(
  artifact: IndexArtifact,
  engine = engineFor(artifact.algorithm),
  derived?: Uint8Array,
) {
  return { engine, index: await engine.restore(artifact.spec, artifact.payload, derived) };
}
