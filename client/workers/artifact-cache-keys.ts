// The keys a source's segments are cached under (ADR 020): its artifact under its name, its delta
// under the name and DELTA_KEY_SUFFIX. A small module of its own, so that the sign-out wipe can name
// them without loading the search worker's code.

/** A source name has no `+`, so no source's artifact key ends with it. */
export const DELTA_KEY_SUFFIX = '+delta';
export const deltaCacheKey = (name: string) => `${name}${DELTA_KEY_SUFFIX}`;
