// What one record of an import file may take, checked while the file is read so that a broken or
// hostile file is refused within seconds and in bounded memory, wherever in the file the problem is.

/** The most bytes one record may take: an NDJSON or CSV line, a CSV record, a JSON array element. */
export const MAX_RECORD_BYTES = 2 ** 20;

/** The reason given for a line or record over MAX_RECORD_BYTES. */
export const overRecordLimit = (what: 'line' | 'record') =>
  `the ${what} is longer than ${MAX_RECORD_BYTES.toLocaleString('en')} bytes (1 MiB), the most one record may take`;
