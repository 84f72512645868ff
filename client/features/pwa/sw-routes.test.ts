import { describe, expect, it } from 'vitest';
import { indexChecksumsCacheKey, swRouteFor } from './sw-routes';

const origin = 'https://sift.example';
const route = (path: string, method = 'GET', mode: RequestMode = 'cors') =>
  swRouteFor(new URL(path, origin), method, mode, origin);

describe('swRouteFor', () => {
  it('never caches sign-in, backup, GraphQL or build detection', () => {
    for (const path of [
      '/api/auth/session',
      '/api/auth/csrf',
      '/api/auth-settings',
      '/api/backup',
      '/graphql',
      '/builds/latest.json',
    ]) {
      expect(route(path)).toBe('network-only');
      expect(route(path, 'POST')).toBe('network-only');
    }
  });

  it('leaves index artifacts to the search worker cache', () => {
    expect(route('/api/index/countries/12345')).toBe('network-only');
  });

  it('keeps translations and the configuration for offline use', () => {
    expect(route('/_i18n/fr/messages.json')).toBe('network-first');
    expect(route('/api/config')).toBe('network-first');
    expect(route('/api/config', 'POST')).toBe('network-only');
  });

  it('remembers index checksums, asked for with POST', () => {
    expect(route('/api/index', 'POST')).toBe('index-checksums');
    expect(route('/api/index')).toBe('network-only');
  });

  it('answers navigations with the app shell, except server pages', () => {
    expect(route('/search?s=fra', 'GET', 'navigate')).toBe('app-shell');
    expect(route('/item/countries/FRA', 'GET', 'navigate')).toBe('app-shell');
    expect(route('/api/auth/callback/github?code=1', 'GET', 'navigate')).toBe('network-only');
    expect(route('/graphql', 'GET', 'navigate')).toBe('network-only');
  });

  it('ignores other origins', () => {
    expect(swRouteFor(new URL('https://cdn.example/_i18n/en/messages.json'), 'GET', 'cors', origin)).toBe(
      'network-only',
    );
  });
});

describe('indexChecksumsCacheKey', () => {
  it('depends on the set of sources, not their order or load states', () => {
    const a = indexChecksumsCacheKey(
      { dataSources: ['cities', 'countries'], dataSourceLoadStates: {} },
      origin,
    );
    const b = indexChecksumsCacheKey({ dataSources: ['countries', 'cities'] }, origin);
    expect(a).toBe(b);
    expect(a).not.toBe(indexChecksumsCacheKey({ dataSources: ['countries'] }, origin));
  });

  it('gives no key for a body it does not understand', () => {
    expect(indexChecksumsCacheKey(null, origin)).toBeNull();
    expect(indexChecksumsCacheKey({ dataSources: [1] }, origin)).toBeNull();
  });
});
