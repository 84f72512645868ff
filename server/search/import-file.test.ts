import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadAppConfig } from '../app-config';
import { type ImportEntry, type ImportFormat, readImportFile } from './import-file';
import { MAX_RECORD_BYTES } from './import-limits';

const countries = loadAppConfig().gapSearch.dataSources.countries!;
const folder = mkdtempSync(join(tmpdir(), 'sift-import-file-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const MiB = 2 ** 20;

function file(name: string, ...parts: (string | Buffer)[]) {
  const path = join(folder, name);
  writeFileSync(
    path,
    Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : part))),
  );
  return path;
}

async function readAll(path: string, format: ImportFormat): Promise<ImportEntry[]> {
  const entries: ImportEntry[] = [];
  for await (const entry of readImportFile(path, format, countries)) entries.push(entry);
  return entries;
}

/** The first entry with an error, and how many bytes had been read when it came. */
async function firstError(path: string, format: ImportFormat) {
  let read = 0;
  for await (const entry of readImportFile(path, format, countries, (done) => {
    read = done;
  })) {
    if ('error' in entry) return { entry, read };
  }
  throw new Error('no error');
}

const france = '{"code":"FRA","name":"France"}';
const swiss = '{"code":"CHE","name":"Switzerland"}';
const invalidUtf8 = Buffer.from([0x4e, 0xc3, 0x28, 0xff]);

describe('readImportFile, NDJSON', () => {
  it('refuses a line over the limit with its number and the limit, then reads on', async () => {
    const path = file('long.ndjson', `{"code":"X","name":"${'x'.repeat(3 * MiB)}"}\n${france}\n`);
    expect(await readAll(path, 'ndjson')).toEqual([
      { at: 1, error: 'the line is longer than 1,048,576 bytes (1 MiB), the most one record may take' },
      { at: 2, record: { code: 'FRA', name: 'France' } },
    ]);
  });

  it('says so as soon as a line crosses the limit, without reading the rest of it', async () => {
    const path = file('endless.ndjson', 'x'.repeat(16 * MiB));
    const { entry, read } = await firstError(path, 'ndjson');
    expect(entry.at).toBe(1);
    expect(read).toBeLessThan(MAX_RECORD_BYTES + 2 ** 17);
  });

  it('refuses invalid UTF-8 with its line instead of replacing it', async () => {
    const path = file(
      'utf8.ndjson',
      `${france}\n${swiss}\n{"code":"BAD","name":"`,
      invalidUtf8,
      `"}\n${france}`,
    );
    expect(await readAll(path, 'ndjson')).toEqual([
      { at: 1, record: { code: 'FRA', name: 'France' } },
      { at: 2, record: { code: 'CHE', name: 'Switzerland' } },
      { at: 3, error: 'not valid UTF-8' },
      { at: 4, record: { code: 'FRA', name: 'France' } },
    ]);
  });

  it('accepts a byte order mark at the start, CRLF line ends and blank lines, and nothing else', async () => {
    const path = file('bom.ndjson', BOM, `${france}\r\n\r\n${swiss}\n`, BOM, france);
    expect(await readAll(path, 'ndjson')).toEqual([
      { at: 1, record: { code: 'FRA', name: 'France' } },
      { at: 3, record: { code: 'CHE', name: 'Switzerland' } },
      { at: 4, error: expect.stringMatching(/^not valid JSON/) },
    ]);
  });

  it('reads a record nested 20,000 levels (validation refuses it)', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const [entry] = await readAll(file('deep.ndjson', `{"code":"X","name":"x","deep":${deep}}`), 'ndjson');
    expect(entry).toMatchObject({ at: 1, record: { code: 'X' } });
  });
});

describe('readImportFile, JSON array', () => {
  it('reads the elements one by one with their position, after a byte order mark', async () => {
    const path = file('bom.json', BOM, `[\n  ${france},\n  ${swiss}\n]\n`);
    expect(await readAll(path, 'json')).toEqual([
      { at: 1, record: { code: 'FRA', name: 'France' } },
      { at: 2, record: { code: 'CHE', name: 'Switzerland' } },
    ]);
    expect(await readAll(file('empty.json', ' \n'), 'json')).toEqual([]);
  });

  it('refuses a file that is not an array at once', async () => {
    expect(await readAll(file('object.json', `{"records":[${france}]}`), 'json')).toEqual([
      { at: 0, error: 'a JSON import file must hold an array of records; the rest of the file was not read' },
    ]);
  });

  it('stops at a record over the limit, naming it, without reading the rest', async () => {
    const path = file('huge.json', `[${france},{"code":"X","name":"${'x'.repeat(16 * MiB)}"},${swiss}]`);
    expect(await readAll(path, 'json')).toEqual([
      { at: 1, record: { code: 'FRA', name: 'France' } },
      {
        at: 2,
        error:
          'the record is longer than 1,048,576 bytes (1 MiB), the most one record may take; the rest of the file was not read',
      },
    ]);
    expect((await firstError(path, 'json')).read).toBeLessThan(MAX_RECORD_BYTES + 2 ** 17);
  });

  it('stops at invalid UTF-8, invalid JSON or a cut-off file, naming the record', async () => {
    const cases: [string, (string | Buffer)[], string][] = [
      ['utf8.json', [`[${france},{"code":"X","name":"`, invalidUtf8, '"}]'], 'not valid UTF-8; the rest'],
      ['comma.json', [`[${france} ${swiss}]`], 'not valid JSON ('],
      ['after.json', [`[${france}] [${swiss}]`], 'not valid JSON ('],
      ['cut.json', [`[${france},{"code":"CHE",`], 'the file ends before the array is closed'],
    ];
    for (const [name, parts, reason] of cases) {
      const entries = await readAll(file(name, ...parts), 'json');
      expect(entries.slice(0, 1), name).toEqual([{ at: 1, record: { code: 'FRA', name: 'France' } }]);
      expect(entries.slice(1), name).toEqual([{ at: 2, error: expect.stringContaining(reason) }]);
    }
  });
});

describe('readImportFile, CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, after a byte order mark', async () => {
    const path = file(
      'a.csv',
      BOM,
      'code,name,capital\r\nFRA,"France, ""la belle""","Paris\nRive gauche"\n\nCHE,Switzerland,Bern\r\n',
    );
    expect(await readAll(path, 'csv')).toEqual([
      { at: 2, record: { code: 'FRA', name: 'France, "la belle"', capital: ['Paris\nRive gauche'] } },
      { at: 5, record: { code: 'CHE', name: 'Switzerland', capital: ['Bern'] } },
    ]);
  });

  it('names a row of the wrong width and reads on', async () => {
    const path = file('width.csv', 'code,name\nFRA,"France,\nla belle",extra\nCHE,Switzerland');
    expect(await readAll(path, 'csv')).toEqual([
      { at: 2, error: 'has 3 fields, the header has 2' },
      { at: 4, record: { code: 'CHE', name: 'Switzerland' } },
    ]);
  });

  it('stops at invalid UTF-8, a long line or a broken quote, naming the line', async () => {
    const cases: [string, (string | Buffer)[], number, string | RegExp][] = [
      ['utf8.csv', ['code,name\nFRA,France\nX,', invalidUtf8, '\nCHE,Switzerland\n'], 3, 'not valid UTF-8'],
      ['long.csv', ['code,name\nFRA,France\nX,', 'x'.repeat(3 * MiB), '\n'], 3, /^the line is longer than/],
      ['record.csv', ['code,name\nFRA,France\nX,"', 'x\n'.repeat(MiB), '"\n'], 3, /^Max Record Size/],
      ['quote.csv', ['code,name\nFRA,France\nX,"x"y\n'], 3, /^Invalid Closing Quote/],
      ['open.csv', ['code,name\nFRA,France\nX,"x\n'], 3, /^Quote Not Closed/],
    ];
    for (const [name, parts, line, reason] of cases) {
      const entries = await readAll(file(name, ...parts), 'csv');
      expect(entries, name).toEqual([
        { at: 2, record: { code: 'FRA', name: 'France' } },
        { at: line, error: expect.stringMatching(reason) },
      ]);
    }
  });
});
