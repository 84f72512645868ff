// Words for what app.config.ts names: data types, properties (fields and filters), sort options,
// stored values and item titles. Config names without a translation fall back to a readable form of the name,
// so a new source works before its texts exist.

import type { i18n } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '#client/lib/number-format';
import type { DataSourceConfig } from '#shared/app-config';
import { itemTitle, type TitleSource } from '#shared/search/item-title';

/** Human labels of lookup ids (`<namespace>.<code>`), when lookups are available. */
export type LookupLabel = (id: string) => string | undefined;

export interface SearchLabels {
  /** "Country" (one item) or "Countries" (the collection). */
  dataType(dataType: string, form: 'item' | 'collection'): string;
  field(property: string): string;
  sortOption(id: string): string;
  number(n: number): string;
  /** A size in kB or MB. */
  bytes(n: number): string;
  /** Orders labels the way readers of the interface language expect. */
  collator: Intl.Collator;
  /** A stored value in words: the lookup label of a code, numbers in the interface language. */
  value(source: Pick<DataSourceConfig, 'lookups'> | undefined, property: string, value: unknown): string;
  /** A value of filter `key` in words, labelled as the first of `sources` with that key does. */
  filterValue(sources: Record<string, DataSourceConfig>, key: string, value: string): string;
  /** An item's title in the interface language (its key when it has none). */
  title(source: TitleSource, document: Record<string, unknown>, key: string): string;
}

/** "featureCode" → "Feature code". */
export function readableName(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One collator per language, made on first use: making one loads the language's data. */
const collators = new Map<string, Intl.Collator>();
function collatorOf(language: string): Intl.Collator {
  const kept = collators.get(language) ?? new Intl.Collator(language);
  collators.set(language, kept);
  return kept;
}

/** The labels in the language `i18n` is set to (the server's loaders use it without React). */
export function searchLabels(
  i18n: Pick<i18n, 't' | 'exists' | 'language' | 'resolvedLanguage'>,
  lookupLabel?: LookupLabel,
): SearchLabels {
  const { t } = i18n;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const numbers = numberFormat(language);
  const known = (key: string) => i18n.exists(key);
  const scalar = (source: Pick<DataSourceConfig, 'lookups'> | undefined, property: string, v: unknown) => {
    if (typeof v === 'number') return numbers.format(v);
    const text = String(v);
    const namespace = source?.lookups[property];
    return (namespace && lookupLabel?.(`${namespace}.${text}`)) || text;
  };
  return {
    number: (n) => numbers.format(n),
    bytes: (n) =>
      numberFormat(language, {
        style: 'unit',
        unit: n < 1e6 ? 'kilobyte' : 'megabyte',
        maximumFractionDigits: n < 1e6 ? 0 : 1,
      }).format(n < 1e6 ? n / 1e3 : n / 1e6),
    get collator() {
      return collatorOf(language);
    },
    dataType: (dataType, form) => {
      const key = `search.data_types.${dataType}.${form}`;
      return known(key) ? t(`search.data_types.${dataType}.${form}`) : readableName(dataType);
    },
    field: (property) =>
      known(`search.fields.${property}`) ? t(`search.fields.${property}`) : readableName(property),
    sortOption: (id) =>
      known(`search.sort_options.${id}`) ? t(`search.sort_options.${id}`) : readableName(id),
    value: (source, property, value) =>
      Array.isArray(value)
        ? value.map((v) => scalar(source, property, v)).join(', ')
        : scalar(source, property, value),
    filterValue: (sources, key, value) => {
      const source = Object.values(sources).find((s) => key in s.filters);
      return scalar(source, source?.filters[key] ?? key, value);
    },
    title: (source, document, key) => itemTitle(source, document, language, key),
  };
}

export function useSearchLabels(lookupLabel?: LookupLabel): SearchLabels {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: t and the language change what i18n answers
  return useMemo(() => searchLabels(i18n, lookupLabel), [t, i18n, language, lookupLabel]);
}
