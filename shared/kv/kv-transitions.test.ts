import { describe, expect, it } from 'vitest';
import { isIntact, type KvRecord, kvLimits } from './kv-item';
import {
  expire,
  isExpired,
  isLive,
  KvError,
  removeRecord,
  resolveIncoming,
  setRecord,
} from './kv-transitions';
import { type JsonValue, valueChecksum } from './kv-value';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const set = (key: string, value: JsonValue, options = {}, now = T0, previous?: KvRecord) =>
  setRecord(previous, key, value, options, now);

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof KvError ? error.code : 'not a KvError';
  }
  return undefined;
}

describe('set', () => {
  it('writes the value, persisted, updated now, not removed, with its checksum', () => {
    expect(set('greeting', { text: 'hi' })).toEqual({
      key: 'greeting',
      value: { text: 'hi' },
      meta: {
        persist: true,
        updated: '2026-03-01T12:00:00.000Z',
        checksum: valueChecksum({ text: 'hi' }),
        expiry: null,
        ttl: null,
        removed: false,
      },
    });
  });

  it('turns a time to live into an expiry, and keeps an expiry given as a date', () => {
    expect(set('a', 1, { ttl: 90 }).meta).toMatchObject({ ttl: 90, expiry: '2026-03-01T12:01:30.000Z' });
    expect(set('a', 1, { expiry: '2026-04-01T00:00:00+02:00' }).meta).toMatchObject({
      ttl: null,
      expiry: '2026-03-31T22:00:00.000Z',
    });
  });

  it('revives a removed item and always moves `updated` forward, even within one millisecond', () => {
    const first = set('a', 1);
    const removed = removeRecord(first, {}, T0)!;
    const again = set('a', 2, {}, T0, removed);
    expect(removed.meta.updated).toBe('2026-03-01T12:00:00.001Z');
    expect(again.meta).toMatchObject({ removed: false, updated: '2026-03-01T12:00:00.002Z' });
    // A clock that went back does not make a change older than the one before it.
    expect(set('a', 3, {}, later(-60_000), again).meta.updated).toBe('2026-03-01T12:00:00.003Z');
  });

  it.each([
    ['an empty key', () => set('', 1), 'invalid_key'],
    ['a key that is too long', () => set('k'.repeat(kvLimits.keyLength + 1), 1), 'invalid_key'],
    ['a key with NUL', () => set('a\u0000', 1), 'invalid_key'],
    ['the key __proto__', () => set('__proto__', 1), 'invalid_key'],
    ['NaN', () => set('a', Number.NaN), 'invalid_value'],
    ['a Date', () => set('a', new Date() as unknown as JsonValue), 'invalid_value'],
    ['undefined inside', () => set('a', { x: undefined } as unknown as JsonValue), 'invalid_value'],
    ['an unpaired surrogate', () => set('a', '\ud800'), 'invalid_value'],
    ['nesting too deep', () => set('a', JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`)), 'invalid_value'],
    ['a value that is too large', () => set('a', 'x'.repeat(kvLimits.valueBytes)), 'too_large'],
    ['both ttl and expiry', () => set('a', 1, { ttl: 5, expiry: T0 }), 'invalid_expiry'],
    ['a ttl of zero', () => set('a', 1, { ttl: 0 }), 'invalid_expiry'],
    ['a fractional ttl', () => set('a', 1, { ttl: 1.5 }), 'invalid_expiry'],
    ['an invalid expiry', () => set('a', 1, { expiry: 'soon' }), 'invalid_expiry'],
  ])('refuses %s', (_name, run, code) => {
    expect(errorCode(run)).toBe(code);
  });

  it('says what is wrong with a key that is not text, in its own words', () => {
    expect(() => set(7 as unknown as string, 1)).toThrow('must be text');
  });
});

describe('remove', () => {
  it('marks the item removed and nulls the value so the removal can sync', () => {
    const item = set('a', 'value', { ttl: 60 });
    expect(removeRecord(item, {}, later(1000))).toEqual({
      key: 'a',
      value: null,
      meta: {
        ...item.meta,
        removed: true,
        updated: later(1000).toISOString(),
        checksum: valueChecksum(null),
      },
    });
  });

  it('deletes outright with persist false, asked for or on the item', () => {
    const item = set('a', 'value');
    expect(removeRecord(item, { persist: false }, T0)).toBeNull();
    expect(removeRecord({ ...item, meta: { ...item.meta, persist: false } }, {}, T0)).toBeNull();
  });
});

describe('expire', () => {
  it('computes `expired` by comparing the expiry with now', () => {
    const item = set('a', 1, { ttl: 10 });
    expect(expire(item, later(9_999)).meta.expired).toBe(false);
    expect(expire(item, later(10_000)).meta.expired).toBe(true);
    expect(expire(set('b', 1), later(10 ** 12)).meta.expired).toBe(false);
    expect(isExpired(item, later(10_000))).toBe(true);
  });
});

describe('reading', () => {
  it('reads removed, expired and corrupted items as absent', () => {
    const item = set('a', 'value', { ttl: 10 });
    expect(isLive(item, T0)).toBe(true);
    expect(isLive(undefined, T0)).toBe(false);
    expect(isLive(removeRecord(item, {}, T0)!, T0)).toBe(false);
    expect(isLive(item, later(10_000))).toBe(false);
    const corrupted = { ...item, value: 'valuf' };
    expect(isIntact(corrupted)).toBe(false);
    expect(isLive(corrupted, T0)).toBe(false);
  });
});

describe('sync and purge (resolveIncoming)', () => {
  const local = set('a', 'local', {}, later(1000));
  const older = set('a', 'older');
  const newer = set('a', 'newer', {}, later(2000));

  it('stores an incoming entry only when it is newer', () => {
    expect(resolveIncoming(local, newer, T0)).toBe('store');
    expect(resolveIncoming(local, older, T0)).toBe('unchanged');
    expect(resolveIncoming(undefined, older, T0)).toBe('store');
    expect(resolveIncoming(local, local, T0)).toBe('unchanged');
  });

  it('purges a removal the server holds, but keeps one it does not have yet', () => {
    const tombstone = removeRecord(local, {}, later(1500))!;
    expect(resolveIncoming(tombstone, tombstone, T0)).toBe('drop');
    expect(resolveIncoming(tombstone, older, T0)).toBe('unchanged');
    expect(resolveIncoming(local, tombstone, T0)).toBe('drop');
    expect(resolveIncoming(undefined, tombstone, T0)).toBe('unchanged');
  });

  it('drops entries that have expired once the server holds them', () => {
    const expiring = set('a', 'x', { ttl: 1 }, later(3000));
    expect(resolveIncoming(local, expiring, later(3500))).toBe('store');
    expect(resolveIncoming(local, expiring, later(4000))).toBe('drop');
    expect(resolveIncoming(expiring, expiring, later(4000))).toBe('drop');
  });

  it('repairs a corrupted local item from an older backup', () => {
    const corrupted = { ...local, value: 'tampered' };
    expect(resolveIncoming(corrupted, older, T0)).toBe('store');
  });
});
