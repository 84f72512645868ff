import { describe, expect, it } from 'vitest';
import { CsvReader } from './csv';

function readAll(chunks: string[]) {
  const reader = new CsvReader();
  return [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
}

describe('CsvReader', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, over any chunking', () => {
    const text = 'id,name,note\r\n1,"Paris, France","say ""bonjour"""\n2,"two\nlines",\n\n3,x,y';
    const expected = [
      { line: 1, fields: ['id', 'name', 'note'] },
      { line: 2, fields: ['1', 'Paris, France', 'say "bonjour"'] },
      { line: 3, fields: ['2', 'two\nlines', ''] },
      { line: 6, fields: ['3', 'x', 'y'] },
    ];
    expect(readAll([text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(readAll([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    }
  });

  it('fails on a quoted field that is never closed', () => {
    expect(() => readAll(['a,"b\n'])).toThrow(/line 1: a quoted field is not closed/);
  });
});
