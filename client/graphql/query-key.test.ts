import { describe, expect, it } from 'vitest';
import { graphqlQueryKey, hash10 } from './query-key';

describe('GraphQL query keys', () => {
  it('are 10 base-36 characters that change with the query and the variables', () => {
    const [, key] = graphqlQueryKey('query Item($key: String!) { item(key: $key) { title } }', {
      key: 'FRA',
    });
    expect(key).toMatch(/^[0-9a-z]{10}$/);
    expect(graphqlQueryKey('{ me { id } }')[1]).not.toBe(graphqlQueryKey('{ me { email } }')[1]);
    expect(graphqlQueryKey('{ a }', { key: 'FRA' })[1]).not.toBe(graphqlQueryKey('{ a }', { key: 'CHE' })[1]);
  });

  it('ignore whitespace, variable order and undefined variables', () => {
    expect(graphqlQueryKey('{ a(x: 1, y: 2) }', { x: 1, y: { b: 2, a: 1 } })).toEqual(
      graphqlQueryKey('{\n  a(x: 1, y: 2)\n}', { y: { a: 1, b: 2 }, x: 1, z: undefined }),
    );
  });

  it('hash without collisions over many similar inputs, always 10 characters', () => {
    const hashes = new Set(Array.from({ length: 20_000 }, (_, i) => hash10(`{ item(key: "${i}") }`)));
    expect(hashes.size).toBe(20_000);
    for (const h of hashes) expect(h).toHaveLength(10);
    expect(hash10('')).toHaveLength(10);
  });
});
