// Checks an incoming record against its source's config before anything is stored (import CLI,
// demo seed): the key, the title, and the type of every property the search relies on.
import type { DataSourceConfig } from '../../shared/app-config';
import { rankOf } from '../../shared/search/index-input';

export interface ValidRecord {
  key: string;
  document: Record<string, unknown>;
  rank: number;
}

export type RecordCheck = { ok: true; record: ValidRecord } | { ok: false; reasons: string[] };

const isStringArray = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string');
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function validateRecord(source: DataSourceConfig, input: unknown): RecordCheck {
  if (!isPlainObject(input)) return { ok: false, reasons: ['a record must be a JSON object'] };
  const reasons: string[] = [];
  const keyValue = input[source.keyProperty];
  const keyIsValid =
    (typeof keyValue === 'string' && keyValue.trim() !== '') ||
    (typeof keyValue === 'number' && Number.isFinite(keyValue));
  if (!keyIsValid) reasons.push(`"${source.keyProperty}" (the key) must be a non-empty string or a number`);
  const title = input[source.titleProperty];
  if (typeof title !== 'string' || title.trim() === '') {
    reasons.push(`"${source.titleProperty}" (the title) must be a non-empty string`);
  }
  for (const reserved of ['id', 'rank', 'score', 'dataType']) {
    if (reserved !== source.keyProperty && reserved in input) {
      reasons.push(`"${reserved}" is reserved by the search and may not be a record property`);
    }
  }
  const expect = (property: string, description: string, check: (value: unknown) => boolean) => {
    const value = input[property];
    if (value !== undefined && value !== null && !check(value))
      reasons.push(`"${property}" must be ${description}`);
  };
  const isString = (value: unknown) => typeof value === 'string';
  for (const [property, type] of Object.entries({
    ...source.searchProperties,
    ...source.indexedProperties,
  })) {
    if (type === 'text' || type === 'enum') expect(property, 'a string', isString);
    else expect(property, 'an array of strings', isStringArray);
  }
  if (source.rank) {
    expect(
      source.rank.property,
      'a number ≥ 0',
      (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
    );
  }
  for (const option of source.sortOptions) {
    expect(option.property, 'a string or a number', (v) => isString(v) || Number.isFinite(v));
  }
  // PostgreSQL text and jsonb cannot hold U+0000.
  if (JSON.stringify(input).includes('\\u0000')) reasons.push('text may not contain the character U+0000');
  if (reasons.length > 0) return { ok: false, reasons: [...new Set(reasons)] };
  // Null means "no value": leaving it out keeps every engine's typed fields clean.
  const document = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  return { ok: true, record: { key: String(keyValue), document, rank: rankOf(source, document) } };
}

export interface Rejection {
  /** Where the record came from: a line number (NDJSON, CSV) or an array position (JSON). */
  at: number;
  reasons: string[];
}

/** Checks every record and that keys are unique; the caller stores nothing unless `rejected` is empty. */
export function validateRecords(
  source: DataSourceConfig,
  entries: Iterable<{ at: number; record: unknown }>,
): { valid: ValidRecord[]; rejected: Rejection[] } {
  const valid: ValidRecord[] = [];
  const rejected: Rejection[] = [];
  const firstSeen = new Map<string, number>();
  for (const { at, record } of entries) {
    const check = validateRecord(source, record);
    if (!check.ok) {
      rejected.push({ at, reasons: check.reasons });
      continue;
    }
    const earlier = firstSeen.get(check.record.key);
    if (earlier !== undefined) {
      rejected.push({ at, reasons: [`key "${check.record.key}" was already used at ${earlier}`] });
      continue;
    }
    firstSeen.set(check.record.key, at);
    valid.push(check.record);
  }
  return { valid, rejected };
}
