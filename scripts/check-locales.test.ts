// The locale check (spec §9): every key of locales/en.json exists in every locale with that
// language's plural forms and the same placeholders, no locale has keys English lacks, every key
// is used somewhere in the code, and every literal key the code asks for exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultLocale, localeCodes } from '../shared/locales';

/**
 * Key prefixes the code builds at run time, so no literal names the full key. Each entry says
 * where; anything under a prefix counts as used. Prefer literal keys (a Record of keys, as the
 * navigation and theme labels do) so this list stays short.
 */
const dynamicKeyPrefixes = [
  'pages.', // client/components/module-page.tsx: t(`pages.${page}.title`), t(`pages.${page}.description`)
  'auth.errors.', // client/features/auth/auth-error-message.ts: t(`auth.errors.${code}`)
  'auth.status.', // client/features/auth/login-status-panel.tsx, role-check-panel.tsx
  'consent.categories.', // client/features/cookie-consent/consent-category-card.tsx
  'consent.kinds.', // client/features/cookie-consent/consent-category-card.tsx
  'consent.items.', // client/features/cookie-consent/consent-category-card.tsx
  'contact.', // client/features/contact/contact-page.tsx: t(`contact.${field}`)
  'error_test.', // client/features/error-test/error-test-page.tsx: t(`error_test.${kind}_title`), _text, _button
  'logging.status.', // client/logging/log-activity-list.tsx: t(`logging.status.${item.status}`)
  // client/features/search/search-labels.ts: names from app.config.ts (data types, properties, sort ids)
  'search.data_types.',
  'search.fields.',
  'search.sort_options.',
];

/** Where keys are used: application code, not tests. */
const sourceRoots = ['client', 'shared', 'server'];

const pluralSuffixes = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

type Messages = Map<string, string>;

function flatten(value: unknown, prefix: string, into: Messages): Messages {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into);
  } else throw new Error(`${prefix}: only strings and objects belong in a locale file`);
  return into;
}

const locales = new Map(
  localeCodes.map((code) => [
    code,
    flatten(JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')), '', new Map()),
  ]),
);
const english = locales.get(defaultLocale)!;

/** i18next reads `key_one`, `key_other`… as the plural forms of `key`. */
function splitPlural(key: string): { base: string; form?: string } {
  const at = key.lastIndexOf('_');
  const form = key.slice(at + 1);
  return at > 0 && pluralSuffixes.has(form) ? { base: key.slice(0, at), form } : { base: key };
}

/** Base key → its plural forms (empty for keys without plurals). */
function groupKeys(messages: Messages): Map<string, Set<string>> {
  const groups = new Map<string, Set<string>>();
  for (const key of messages.keys()) {
    const { base, form } = splitPlural(key);
    const forms = groups.get(base) ?? new Set<string>();
    if (form) forms.add(form);
    groups.set(base, forms);
  }
  return groups;
}

const placeholders = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const source = sourceRoots
  .flatMap(sourceFiles)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const quotedStrings = new Set([...source.matchAll(/(['"`])([\w.-]+)\1/g)].map((m) => m[2]!));

describe('locale files', () => {
  const englishGroups = groupKeys(english);

  for (const code of localeCodes) {
    it(`${code}: has every key, with the plural forms ${code} needs and no others`, () => {
      const groups = groupKeys(locales.get(code)!);
      const needed = new Intl.PluralRules(code).resolvedOptions().pluralCategories as string[];
      const problems: string[] = [];
      for (const [base, englishForms] of englishGroups) {
        const forms = groups.get(base);
        if (!forms) problems.push(`missing ${base}`);
        else if (englishForms.size === 0 && forms.size > 0) problems.push(`${base} is not a plural in en`);
        else if (englishForms.size > 0) {
          for (const form of needed) if (!forms.has(form)) problems.push(`missing ${base}_${form}`);
          for (const form of forms)
            if (!needed.includes(form)) problems.push(`${base}_${form} is no ${code} form`);
        }
      }
      for (const base of groups.keys()) if (!englishGroups.has(base)) problems.push(`${base} is not in en`);
      expect(problems).toEqual([]);
    });

    it(`${code}: no empty texts, and the placeholders English uses`, () => {
      const problems: string[] = [];
      for (const [key, text] of locales.get(code)!) {
        const { base, form } = splitPlural(key);
        const englishTexts = [...english].filter(([k]) => splitPlural(k).base === base).map(([, t]) => t);
        const expected = new Set(englishTexts.flatMap((t) => [...placeholders(t)]));
        const actual = placeholders(text);
        if (!text.trim()) problems.push(`${key} is empty`);
        for (const name of actual) if (!expected.has(name)) problems.push(`${key} uses {{${name}}}`);
        // A plural form may spell its number out ("ملفان", two files) instead of {{count}}.
        for (const name of expected) {
          if (!actual.has(name) && !(form && name === 'count')) problems.push(`${key} lacks {{${name}}}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('every key is used by the code (or sits under a prefix the code builds at run time)', () => {
    const unused = [...englishGroups.keys()].filter(
      (base) => !quotedStrings.has(base) && !dynamicKeyPrefixes.some((prefix) => base.startsWith(prefix)),
    );
    expect(unused, 'use these keys, remove them from every locale, or list a run-time prefix').toEqual([]);
  });

  it('every key the code builds at run time is on the list of dynamic prefixes, and each entry is still used', () => {
    const built = [...source.matchAll(/\bt\(\s*`([\w.-]*)\$\{/g)].map((m) => m[1]!);
    const unlisted = built.filter(
      (prefix) => !dynamicKeyPrefixes.some((listed) => prefix.startsWith(listed)),
    );
    const stale = dynamicKeyPrefixes.filter((listed) => !built.some((prefix) => prefix.startsWith(listed)));
    expect(
      { unlisted: [...new Set(unlisted)], stale },
      'list each unlisted prefix in dynamicKeyPrefixes (with where it is built); drop stale ones',
    ).toEqual({ unlisted: [], stale: [] });
  });

  it('every literal key the code translates exists in en', () => {
    const asked = [...source.matchAll(/\bt\(\s*(['"])([\w.-]+)\1/g)].map((m) => m[2]!);
    const missing = asked.filter((key) => !englishGroups.has(key));
    expect([...new Set(missing)], 'add these keys to locales/en.json and the other locales').toEqual([]);
  });
});
