import { describe, expect, it } from 'vitest';
import { AdminApiError } from './admin-fetch';
import { type Progress, progressLineReader } from './progress-lines';

describe('progress lines', () => {
  it('reports progress as lines complete, however the text is split, and ends with the result', () => {
    const seen: Progress[] = [];
    const reader = progressLineReader<{ records: number }>((p) => seen.push(p));
    const text =
      '{"progress":{"phase":"reading","done":1,"total":2}}\n{"progress":{"phase":"reading","done":2,"total":2}}\n{"result":{"records":2}}\n';
    reader.push(text.slice(0, 30));
    expect(seen).toEqual([]);
    reader.push(text.slice(30, 70));
    expect(seen).toEqual([{ phase: 'reading', done: 1, total: 2 }]);
    reader.push(text.slice(70));
    expect(seen).toHaveLength(2);
    expect(reader.end()).toEqual({ records: 2 });
  });

  it('throws the error line, and an answer cut short', () => {
    const failed = progressLineReader(() => {});
    failed.push('{"error":{"code":"import_failed","message":"disk full"}}');
    expect(() => failed.end()).toThrow(new AdminApiError(200, 'import_failed', 'disk full'));
    const cut = progressLineReader(() => {});
    cut.push('{"progress":{"phase":"writing","done":1,"total":9}}\n');
    expect(() => cut.end()).toThrow(/stopped answering/);
  });
});
