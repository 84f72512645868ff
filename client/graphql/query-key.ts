// The TanStack Query key of a GraphQL operation (spec §9): a 10-character hash of the query and its
// variables, so equal operations share one cache entry whatever order their variables were built in.

const OFFSET_BASIS = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;
/** 36^10: every base-36 number below it has at most 10 digits. */
const RANGE = 36n ** 10n;

/** JSON with object keys sorted at every level. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** FNV-1a (64-bit) over the UTF-8 bytes, in base 36, exactly 10 characters. */
export function hash10(text: string): string {
  let hash = OFFSET_BASIS;
  for (const byte of new TextEncoder().encode(text)) {
    hash = ((hash ^ BigInt(byte)) * PRIME) & MASK;
  }
  return (hash % RANGE).toString(36).padStart(10, '0');
}

export function graphqlQueryKey(query: string, variables?: Record<string, unknown>): ['graphql', string] {
  // Whitespace does not change an operation, so it does not change its key either.
  const normalized = query.replace(/\s+/g, ' ').trim();
  return ['graphql', hash10(`${normalized}\n${stableJson(variables ?? {})}`)];
}
