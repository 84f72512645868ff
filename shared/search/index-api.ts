// Bodies of POST /api/index (spec §7): the client says what it wants and how its loads went; the
// server answers each source's current artifact checksum, only for sources the caller may load.
import { z } from 'zod/mini';
import { loadStates } from './search-types';

const sourceName = z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'must be a data source name'));
/** A count or a size: a whole number, never negative. */
const wholeNumber = () => z.int().check(z.nonnegative());

export const IndexChecksumsRequestSchema = z.strictObject({
  /** The client's load state per source; sources it reports as failing are logged on the server. */
  dataSourceLoadStates: z._default(z.record(sourceName, z.enum(loadStates)), {}),
  /** The sources wanted; absent means every source the caller may load. */
  dataSources: z.optional(z.array(sourceName).check(z.maxLength(100))),
});
export type IndexChecksumsRequest = z.input<typeof IndexChecksumsRequestSchema>;

/** A segment other than the artifact: fetched, like it, by its checksum. */
const SegmentSchema = z.object({
  crc32c: wholeNumber(),
  /** Compressed size in bytes. */
  size: wholeNumber(),
  documentCount: wholeNumber(),
});

const ReadyChecksumSchema = z.object({
  state: z.literal('ready'),
  /** The current artifact's crc32c. */
  crc32c: wholeNumber(),
  /** Compressed size in bytes, for download progress. */
  size: z.optional(wholeNumber()),
  /** Searchable documents, the delta's changes included. */
  documentCount: z.optional(wholeNumber()),
  /**
   * The changes since the artifact (ADR 020): a delta segment, fetched like the artifact by its
   * checksum, searched on top of it.
   */
  delta: z.optional(SegmentSchema),
  /**
   * A large source's best-ranked documents as a segment of their own (a megabyte or two),
   * fetched like the artifact by its checksum: a client without the artifact searches it (with the
   * delta on top) while the artifact downloads, as first results of a search still loading.
   */
  head: z.optional(SegmentSchema),
});

/** The source's first index build is still running: ask again shortly. */
const PreparingChecksumSchema = z.object({ state: z.literal('preparing'), crc32c: z.null() });

export const IndexChecksumSchema = z.pipe(
  // Answers a service worker kept from before `state` was sent say only the checksum.
  z.transform((entry: unknown) =>
    entry && typeof entry === 'object' && !('state' in entry)
      ? { ...entry, state: (entry as { crc32c?: unknown }).crc32c === null ? 'preparing' : 'ready' }
      : entry,
  ),
  z.discriminatedUnion('state', [ReadyChecksumSchema, PreparingChecksumSchema]),
);
export type IndexChecksum = z.infer<typeof IndexChecksumSchema>;

export const IndexChecksumsResponseSchema = z.record(z.string(), IndexChecksumSchema);
export type IndexChecksumsResponse = z.infer<typeof IndexChecksumsResponseSchema>;
