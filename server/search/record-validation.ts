// Checks an incoming record against its source's config before anything is stored (import CLI,
// demo seed): the key, the title, and the type of every property the search relies on.
import type { DataSourceConfig } from '#shared/app-config';
import { rankOf } from '#shared/search/index-input';

export interface ValidRecord {
  key: string;
  document: Record<string, unknown>;
  rank: number;
}

/** What is wrong with a record, and the property it is about when it is about one. */
export interface RecordProblem {
  reason: string;
  property?: string;
}

export type RecordCheck = { ok: true; record: ValidRecord } | { ok: false; problems: RecordProblem[] };

export const reasonsOf = (problems: readonly RecordProblem[]) => problems.map((p) => p.reason);

/** How deeply a record may nest objects and arrays, the record itself being the first level. */
export const MAX_RECORD_DEPTH = 64;
const NUL_REASON = 'text may not contain the character U+0000';

/**
 * Nesting past MAX_RECORD_DEPTH, and U+0000 in any text (PostgreSQL text and jsonb cannot hold it).
 * Walks with a stack of its own: a record may nest thousands of levels, past what recursion (such as
 * JSON.stringify) survives.
 */
function structureReasons(record: object): string[] {
  const reasons = new Set<string>();
  const stack: [object, number][] = [[record, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (depth > MAX_RECORD_DEPTH) {
      reasons.add(`the record is nested deeper than ${MAX_RECORD_DEPTH} levels`);
      continue;
    }
    if (!Array.isArray(value)) {
      for (const key of Object.keys(value)) if (key.includes('\u0000')) reasons.add(NUL_REASON);
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === 'string') {
        if (child.includes('\u0000')) reasons.add(NUL_REASON);
      } else if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return [...reasons];
}

const isString = (value: unknown) => typeof value === 'string';
const isStringArray = (value: unknown) => Array.isArray(value) && value.every(isString);
const isRank = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isSortable = (value: unknown) => isString(value) || Number.isFinite(value);
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTitlesObject = (value: unknown) => isPlainObject(value) && Object.values(value).every(isString);

interface PropertyCheck {
  property: string;
  reason: string;
  check: (value: unknown) => boolean;
}

/** Each source's property checks, worked out once: an import runs them on millions of records. */
const sourceChecks = new WeakMap<DataSourceConfig, PropertyCheck[]>();

function propertyChecks(source: DataSourceConfig): PropertyCheck[] {
  let checks = sourceChecks.get(source);
  if (!checks) {
    const expect = (property: string, description: string, check: (value: unknown) => boolean) => ({
      property,
      reason: `"${property}" must be ${description}`,
      check,
    });
    checks = [
      ...Object.entries({ ...source.searchProperties, ...source.indexedProperties }).map(
        ([property, type]) =>
          type === 'text' || type === 'enum'
            ? expect(property, 'a string', isString)
            : expect(property, 'an array of strings', isStringArray),
      ),
      ...(source.localizedTitleProperty
        ? [expect(source.localizedTitleProperty, 'an object of titles by language code', isTitlesObject)]
        : []),
      ...(source.rank ? [expect(source.rank.property, 'a number ≥ 0', isRank)] : []),
      ...source.sortOptions.map((option) => expect(option.property, 'a string or a number', isSortable)),
    ];
    sourceChecks.set(source, checks);
  }
  return checks;
}

export function validateRecord(source: DataSourceConfig, input: unknown): RecordCheck {
  if (!isPlainObject(input)) return { ok: false, problems: [{ reason: 'a record must be a JSON object' }] };
  const problems: RecordProblem[] = [];
  const problem = (property: string, reason: string) => {
    if (!problems.some((p) => p.reason === reason)) problems.push({ property, reason });
  };
  const keyValue = input[source.keyProperty];
  const keyIsValid =
    (typeof keyValue === 'string' && keyValue.trim() !== '') ||
    (typeof keyValue === 'number' && Number.isFinite(keyValue));
  if (!keyIsValid) {
    problem(source.keyProperty, `"${source.keyProperty}" (the key) must be a non-empty string or a number`);
  }
  const title = input[source.titleProperty];
  if (typeof title !== 'string' || title.trim() === '') {
    problem(source.titleProperty, `"${source.titleProperty}" (the title) must be a non-empty string`);
  }
  for (const reserved of ['id', 'rank', 'score', 'dataType']) {
    if (reserved !== source.keyProperty && reserved in input) {
      problem(reserved, `"${reserved}" is reserved by the search and may not be a record property`);
    }
  }
  for (const { property, reason, check } of propertyChecks(source)) {
    const value = input[property];
    if (value !== undefined && value !== null && !check(value)) problem(property, reason);
  }
  for (const reason of structureReasons(input)) problems.push({ reason });
  if (problems.length > 0) return { ok: false, problems };
  // Null means "no value": leaving it out keeps every engine's typed fields clean.
  const document = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  return { ok: true, record: { key: String(keyValue), document, rank: rankOf(source, document) } };
}

export interface Rejection {
  /** Where the record came from: a line number (NDJSON, CSV) or an array position (JSON). */
  at: number;
  reasons: string[];
}

export const duplicateKeyReason = (key: string, earlier: number) =>
  `key "${key}" was already used at ${earlier}`;

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
      rejected.push({ at, reasons: reasonsOf(check.problems) });
      continue;
    }
    const earlier = firstSeen.get(check.record.key);
    if (earlier !== undefined) {
      rejected.push({ at, reasons: [duplicateKeyReason(check.record.key, earlier)] });
      continue;
    }
    firstSeen.set(check.record.key, at);
    valid.push(check.record);
  }
  return { valid, rejected };
}
