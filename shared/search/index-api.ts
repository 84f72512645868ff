// Bodies of POST /api/index (spec §7): the client says what it wants and how its loads went; the
// server answers each source's current artifact checksum, only for sources the caller may load.
import { z } from 'zod';
import { loadStates } from './search-types';

const sourceName = z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a data source name');

export const IndexChecksumsRequestSchema = z.strictObject({
  /** The client's load state per source; sources it reports as failing are logged on the server. */
  dataSourceLoadStates: z.record(sourceName, z.enum(loadStates)).default({}),
  /** The sources wanted; absent means every source the caller may load. */
  dataSources: z.array(sourceName).max(100).optional(),
});
export type IndexChecksumsRequest = z.input<typeof IndexChecksumsRequestSchema>;

export const IndexChecksumSchema = z.object({
  /** The current artifact's crc32c, or null while its first build is still running. */
  crc32c: z.number().int().nonnegative().nullable(),
  /** Compressed size in bytes, for download progress. */
  size: z.number().int().nonnegative().optional(),
  documentCount: z.number().int().nonnegative().optional(),
});
export type IndexChecksum = z.infer<typeof IndexChecksumSchema>;

export const IndexChecksumsResponseSchema = z.record(z.string(), IndexChecksumSchema);
export type IndexChecksumsResponse = z.infer<typeof IndexChecksumsResponseSchema>;
