import { describe, expect, it } from 'vitest';
import { kvLimits } from './kv-item';
import { BackupSnapshotSchema, fromSnapshot, sizeIssues, toSnapshot } from './kv-snapshot';
import { removeRecord, setRecord } from './kv-transitions';
import { canonicalJson, jsonValueProblem, valueChecksum } from './kv-value';

const now = new Date('2026-02-02T02:02:02.002Z');
const live = setRecord(undefined, 'live', { b: 1, a: [true, 'ü'] }, { ttl: 60 }, now);
const removed = removeRecord(setRecord(undefined, 'gone', 'x', {}, now), {}, now)!;

describe('snapshot', () => {
  it('holds value and meta per key, and meta only for removed entries', () => {
    const snapshot = toSnapshot([live, removed]);
    expect(snapshot).toEqual({ live: { value: live.value, meta: live.meta }, gone: { meta: removed.meta } });
    expect(BackupSnapshotSchema.parse(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot);
    expect(fromSnapshot(snapshot)).toEqual(
      new Map([
        ['live', live],
        ['gone', removed],
      ]),
    );
  });

  it('accepts the computed `expired` flag from a client and drops it', () => {
    const parsed = BackupSnapshotSchema.parse({
      live: { value: live.value, meta: { ...live.meta, expired: false } },
    });
    expect(parsed.live!.meta).toEqual(live.meta);
  });

  it('checks the checksum against the value whatever order its keys arrive in', () => {
    const reordered = { live: { value: { a: [true, 'ü'], b: 1 }, meta: live.meta } };
    expect(BackupSnapshotSchema.safeParse(reordered).success).toBe(true);
    const changed = { live: { value: { a: [false, 'ü'], b: 1 }, meta: live.meta } };
    expect(BackupSnapshotSchema.safeParse(changed).success).toBe(false);
  });

  it('names values over the size limit, too many entries and too many bytes', () => {
    expect(sizeIssues([live, removed])).toEqual([]);
    const big = { ...live, value: 'x'.repeat(kvLimits.valueBytes) };
    expect(sizeIssues([big]).map((i) => i.path)).toEqual(['live.value']);
    const many = Array.from({ length: kvLimits.entries + 1 }, (_, i) => ({ ...live, key: `k${i}` }));
    expect(sizeIssues(many).map((i) => i.message)).toEqual([expect.stringContaining('entries')]);
    const heavy = Array.from({ length: 40 }, (_, i) => ({
      ...live,
      key: `k${i}`,
      value: 'y'.repeat(60_000),
    }));
    expect(sizeIssues(heavy).map((i) => i.message)).toEqual([expect.stringContaining('bytes')]);
  });
});

describe('values', () => {
  it('writes canonical JSON with sorted keys, so the checksum survives jsonb', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: 'é' })).toBe(
      '{"a":"é","b":[1,{"c":"x","d":null}]}',
    );
    expect(valueChecksum({ b: 1, a: 2 })).toBe(valueChecksum({ a: 2, b: 1 }));
    expect(valueChecksum('a')).not.toBe(valueChecksum('b'));
  });

  it('names what PostgreSQL jsonb or JSON cannot hold', () => {
    expect(jsonValueProblem({ a: [1, 'two', null, { three: true }] })).toBeNull();
    expect(jsonValueProblem(Number.POSITIVE_INFINITY)).toMatch(/number/);
    expect(jsonValueProblem({ 'bad\u0000key': 1 })).toMatch(/property name/);
    expect(jsonValueProblem(new Map())).toMatch(/not plain JSON/);
    expect(jsonValueProblem(() => 1)).toMatch(/function/);
  });
});
