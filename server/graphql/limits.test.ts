// The depth and cost rules on a schema that can nest without end, as future types might.
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { queryLimitsRule } from './limits';

const schema = buildSchema(`
  type Query { node: Node, items(first: Int): [Node!]! }
  type Node { id: ID!, child: Node, items(first: Int): [Node!]! }
`);
const rule = queryLimitsRule({ maxDepth: 4, maxCost: 250 });
const codes = (query: string) => validate(schema, parse(query), [rule]).map((error) => error.extensions.code);

describe('query limits', () => {
  it('counts depth through fields, inline fragments and named fragments', () => {
    expect(codes('{ node { child { child { id } } } }')).toEqual([]);
    expect(codes('{ node { child { child { child { id } } } } }')).toEqual(['QUERY_TOO_DEEP']);
    expect(codes('{ node { ... on Node { child { child { id } } } } }')).toEqual([]);
    expect(codes('{ node { ...deep } } fragment deep on Node { child { child { child { id } } } }')).toEqual([
      'QUERY_TOO_DEEP',
    ]);
  });

  it('multiplies what a page selects by its size: literal, variable (the maximum) or default', () => {
    // 1 + 2 × (1 + 1): the page field, then two of (its node, that node's id).
    expect(codes('{ items(first: 2) { id } }')).toEqual([]);
    expect(codes('{ a: items(first: 100) { id } b: items(first: 100) { id } }')).toEqual([]);
    expect(codes('{ a: items(first: 100) { id child { id } } }')).toEqual(['QUERY_TOO_COSTLY']);
    expect(codes('query ($n: Int) { items(first: $n) { id child { id } } }')).toEqual(['QUERY_TOO_COSTLY']);
    expect(codes('{ items { id child { id } } }')).toEqual([]);
    expect(codes('{ items(first: 5) { items(first: 5) { items(first: 5) { id } } } }')).toEqual([]);
    expect(codes('{ items(first: 10) { items(first: 10) { items(first: 10) { id } } } }')).toEqual([
      'QUERY_TOO_COSTLY',
    ]);
  });

  it('prices a fragment used many times at each use, without measuring it again', () => {
    const spreads = Array.from({ length: 70 }, (_, i) => `n${i}: node { ...f }`).join(' ');
    expect(codes(`{ ${spreads} } fragment f on Node { id child { id } }`)).toEqual(['QUERY_TOO_COSTLY']);
    // Doubling fragments: 2^30 uses if each were walked again; measured once each, it stays instant.
    const chain = Array.from(
      { length: 30 },
      (_, i) => `fragment f${i} on Node { a: child { ...f${i + 1} } b: child { ...f${i + 1} } }`,
    ).join(' ');
    const started = performance.now();
    const result = codes(`{ node { ...f0 } } ${chain} fragment f30 on Node { id }`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result).toContain('QUERY_TOO_COSTLY');
  });

  it('ignores unknown and cyclic spreads, which other rules report', () => {
    expect(codes('{ node { ...missing } }')).toEqual([]);
    expect(codes('{ node { ...a } } fragment a on Node { child { ...a } }')).toEqual([]);
  });
});
