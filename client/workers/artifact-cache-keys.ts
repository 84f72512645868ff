// The keys a source's cache entries are kept under: its artifact under its name, its delta (ADR 020)
// under the name and DELTA_KEY_SUFFIX, and beside each segment what the engine derived from it
// (ADR 021) under the segment's key and DERIVED_KEY_SUFFIX. A small module of its own, so that the
// sign-out wipe can name them without loading the search worker's code.

/** A source name has no `+`, so no source's artifact key ends with it. */
export const DELTA_KEY_SUFFIX = '+delta';
export const deltaCacheKey = (name: string) => `${name}${DELTA_KEY_SUFFIX}`;
export const DERIVED_KEY_SUFFIX = '+derived';
export const derivedCacheKey = (segmentKey: string) => `${segmentKey}${DERIVED_KEY_SUFFIX}`;

/** The source whose entry `key` is (any of sourceCacheKeys(source)). */
export const sourceOfCacheKey = (key: string) => key.split('+', 1)[0]!;

/** Every key a source's entries may be under: what removing the source from the device removes. */
export const sourceCacheKeys = (name: string) =>
  [name, deltaCacheKey(name)].flatMap((key) => [key, derivedCacheKey(key)]);
