import { describe, expect, it } from 'vitest';
import { type CsvRow, readCsvRows } from './csv';
import { utf8Lines } from './utf8-lines';

async function readAll(chunks: string[]) {
  const rows: CsvRow[] = [];
  async function* bytes() {
    for (const chunk of chunks) yield Buffer.from(chunk);
  }
  for await (const row of readCsvRows(utf8Lines(bytes()))) rows.push(row);
  return rows;
}

describe('readCsvRows', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, over any chunking', async () => {
    const text = 'id,name,note\r\n1,"Paris, France","say ""bonjour"""\n2,"two\nlines",\n\n3,x,y';
    const expected = [
      { line: 1, fields: ['id', 'name', 'note'] },
      { line: 2, fields: ['1', 'Paris, France', 'say "bonjour"'] },
      { line: 3, fields: ['2', 'two\nlines', ''] },
      { line: 6, fields: ['3', 'x', 'y'] },
    ];
    expect(await readAll([text])).toEqual(expected);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await readAll([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
    }
  });

  it('keeps rows of another width for the caller to name', async () => {
    expect(await readAll(['a,b\n1\n1,2,3\n'])).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1'] },
      { line: 3, fields: ['1', '2', '3'] },
    ]);
  });

  it('ends with an error on a quoted field that is never closed, naming the line it starts on', async () => {
    expect(await readAll(['a,b\n1,2\n3,"b\n\n'])).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, error: expect.stringMatching(/^Quote Not Closed/) },
    ]);
  });
});
