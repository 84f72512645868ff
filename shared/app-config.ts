// Shape of app.config.ts. The public part is served at run time by GET /api/config,
// so operators can change it without rebuilding the client.
import { z } from 'zod/mini';
import './zod-locale';
import { fieldWeights, titlePropertiesOf } from './search/field-weights';
import { searchAlgorithms } from './search/search-algorithms';

const PROPERTY_NAME = 'must be a property name (letters, digits, underscores)';
const propertyName = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, PROPERTY_NAME));
const filterKey = z.string().check(z.regex(/^[A-Za-z][\w-]*$/));

/** A record whose invalid keys are reported with `keyMessage` (zod's own says only "Invalid key in record"). */
/**
 * A map keyed by names from the outside world (URLs, request bodies): without a prototype, so a
 * name such as "constructor" or "__proto__" finds nothing instead of an inherited property.
 */
function keyedRecord<V extends z.core.$ZodType>(key: z.ZodMiniString, value: V, keyMessage = PROPERTY_NAME) {
  return z.pipe(
    z.record(key, value, { error: (issue) => (issue.code === 'invalid_key' ? keyMessage : undefined) }),
    z.transform((record) => Object.assign(Object.create(null) as typeof record, record)),
  );
}
/** Set by the search itself on every document or hit, so records may not use them for anything else. */
const reservedProperties = ['id', 'rank', 'score', 'dataType'];

const DataSourceFields = z.object({
  dataType: z.string().check(z.minLength(1)),
  /** Selects the search engine; see shared/search/search-algorithms.ts. */
  algorithm: z.enum(searchAlgorithms, `must be one of: ${searchAlgorithms.join(', ')}`),
  /** Protected sources are only ever sent to signed-in callers. */
  protected: z.boolean(),
  /**
   * Searched property → its weight in the score (docs/search.md, "Ranking"): title properties
   * weigh 1 unless set here, the others 0.5, and each of the others must weigh less than every
   * title property.
   */
  boostProperties: z._default(keyedRecord(propertyName, z.number().check(z.positive())), {}),
  /** Searched properties whose matches rank as title matches (default: the title property). */
  titleProperties: z.optional(z.array(propertyName)),
  /** Searched properties holding codes and abbreviations (UK, USA): a whole word of 2 letters there is an exact match too. */
  codeProperties: z.optional(z.array(propertyName)),
  /** Long searched lists the results never show (other names): left out of search hits, kept for the item page. */
  omitFromHits: z.optional(z.array(propertyName)),
  /** Filter key (what the URL and the screen use) → the indexed property it filters. */
  filters: z._default(keyedRecord(filterKey, propertyName, 'must be a filter key'), {}),
  indexedProperties: z._default(keyedRecord(propertyName, z.enum(['enum', 'enum[]', 'string[]'])), {}),
  /**
   * Range filter key (URL, screen) → the numeric property it bounds and the boundaries of its
   * histogram's buckets (ascending, at most 100). Sources sharing a key share its buckets.
   */
  rangeFilters: z.optional(
    keyedRecord(
      filterKey,
      z.object({
        property: propertyName,
        buckets: z.array(z.number()).check(
          z.minLength(1),
          z.maxLength(100),
          z.refine((b) => b.every((edge, i) => i === 0 || edge > b[i - 1]!), 'must be in ascending order'),
        ),
      }),
      'must be a filter key',
    ),
  ),
  /** The numeric properties holding an item's latitude and longitude in degrees: near me, distances, the map. */
  coordinates: z.optional(z.object({ lat: propertyName, lon: propertyName })),
  /** The record property whose value is the document key (unique within the source). */
  keyProperty: propertyName,
  /** The property shown as an item's title. */
  titleProperty: propertyName,
  /**
   * Optional: a stored property holding the title per interface language (`{ "es": "Francia" }`),
   * shown instead of the title property in that language (shared/search/item-title.ts).
   */
  localizedTitleProperty: z.optional(propertyName),
  /** Properties shown under the title, in order. */
  descriptionProperties: z._default(z.array(propertyName), []),
  /** A property holding an ISO 3166-1 alpha-2 country code: its flag stands for the item (results, item page). */
  flagProperty: z.optional(propertyName),
  /** The free-text properties a term is searched in. */
  searchProperties: keyedRecord(propertyName, z.enum(['text', 'text[]'])).check(
    z.refine((p) => Object.keys(p).length > 0, 'must name at least one property'),
  ),
  /** Where a document's rank comes from: a numeric property, used as is or as log10(1 + value). */
  rank: z.optional(
    z.object({ property: propertyName, scale: z._default(z.enum(['linear', 'log10']), 'linear') }),
  ),
  /** Orders offered besides relevance (sort 0); `id` names the option in URLs and translations. */
  sortOptions: z._default(
    z.array(
      z.object({
        id: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes')),
        property: propertyName,
        direction: z.enum(['asc', 'desc']),
      }),
    ),
    [],
  ),
  /** Indexed property → lookup namespace; the lookup `<namespace>.<value>` labels a value. */
  lookups: z._default(
    keyedRecord(propertyName, z.string().check(z.regex(/^[A-Za-z][\w-]*$/, 'must be a lookup namespace'))),
    {},
  ),
});

function checkSource(source: z.output<typeof DataSourceFields>, ctx: z.core.$RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  const searched = Object.keys(source.searchProperties);
  const indexed = Object.keys(source.indexedProperties);
  for (const property of Object.keys(source.boostProperties)) {
    if (!searched.includes(property)) issue(['boostProperties', property], 'is not one of searchProperties');
  }
  for (const key of ['titleProperties', 'codeProperties'] as const) {
    (source[key] ?? []).forEach((property, i) => {
      if (!searched.includes(property)) issue([key, i], `"${property}" is not one of searchProperties`);
    });
  }
  const shown = [
    source.keyProperty,
    source.titleProperty,
    ...(source.localizedTitleProperty ? [source.localizedTitleProperty] : []),
    ...source.descriptionProperties,
    ...(source.flagProperty ? [source.flagProperty] : []),
    ...indexed,
    ...source.sortOptions.map((option) => option.property),
  ];
  (source.omitFromHits ?? []).forEach((property, i) => {
    if (shown.includes(property)) issue(['omitFromHits', i], `"${property}" is shown, sorted on or filtered`);
  });
  const weights = fieldWeights(source);
  const titles = titlePropertiesOf(source).filter((property) => searched.includes(property));
  const lightestTitle = Math.min(...titles.map((property) => weights[property]!));
  for (const property of searched) {
    if (!titles.includes(property) && weights[property]! >= lightestTitle) {
      issue(
        ['boostProperties', property],
        `must weigh less than the title properties (${lightestTitle}): it is not one of titleProperties`,
      );
    }
  }
  for (const [key, property] of Object.entries(source.filters)) {
    if (!indexed.includes(property)) issue(['filters', key], `"${property}" is not one of indexedProperties`);
  }
  for (const [key, { property }] of Object.entries(source.rangeFilters ?? {})) {
    if (key in source.filters) issue(['rangeFilters', key], 'is also a key of filters');
    if (searched.includes(property) || indexed.includes(property)) {
      issue(['rangeFilters', key, 'property'], `"${property}" is searched or indexed, not a number`);
    }
  }
  for (const property of Object.keys(source.lookups)) {
    if (!indexed.includes(property)) issue(['lookups', property], 'is not one of indexedProperties');
  }
  const localized = source.localizedTitleProperty;
  if (localized && (searched.includes(localized) || indexed.includes(localized))) {
    issue(['localizedTitleProperty'], `"${localized}" is searched or indexed, not an object of titles`);
  }
  for (const property of searched) {
    if (indexed.includes(property)) {
      issue(
        ['searchProperties', property],
        'is also in indexedProperties; a property is either searched or filtered',
      );
    }
  }
  const namedProperties: { path: (string | number)[]; property: string }[] = [
    ...searched.map((property) => ({ path: ['searchProperties', property], property })),
    ...indexed.map((property) => ({ path: ['indexedProperties', property], property })),
    { path: ['titleProperty'], property: source.titleProperty },
    ...(localized ? [{ path: ['localizedTitleProperty'], property: localized }] : []),
    ...source.descriptionProperties.map((property, i) => ({ path: ['descriptionProperties', i], property })),
    ...(source.flagProperty ? [{ path: ['flagProperty'], property: source.flagProperty }] : []),
    ...source.sortOptions.map((o, i) => ({ path: ['sortOptions', i, 'property'], property: o.property })),
    ...(source.rank ? [{ path: ['rank', 'property'], property: source.rank.property }] : []),
    ...Object.entries(source.rangeFilters ?? {}).map(([key, { property }]) => ({
      path: ['rangeFilters', key, 'property'],
      property,
    })),
    ...(source.coordinates
      ? (['lat', 'lon'] as const).map((axis) => ({
          path: ['coordinates', axis],
          property: source.coordinates![axis],
        }))
      : []),
  ];
  for (const { path, property } of namedProperties) {
    if (reservedProperties.includes(property)) issue(path, `"${property}" is reserved by the search`);
  }
  if (source.keyProperty !== 'id' && reservedProperties.includes(source.keyProperty)) {
    issue(['keyProperty'], `"${source.keyProperty}" is reserved by the search`);
  }
  const sortIds = source.sortOptions.map((o) => o.id);
  sortIds.forEach((id, i) => {
    if (sortIds.indexOf(id) !== i) issue(['sortOptions', i, 'id'], `"${id}" is used twice`);
  });
}

export const DataSourceConfigSchema = DataSourceFields.check(z.superRefine(checkSource));

export const AppConfigSchema = z
  .object({
    platformName: z.string().check(z.minLength(1)),
    /** File name under the client's public folder, e.g. "logo.svg". */
    logo: z
      .string()
      .check(z.regex(/^[\w.-]+\.(svg|png|webp)$/, 'must be a file name ending in .svg, .png or .webp')),
    menuSide: z.enum(['left', 'right']),
    appCode: z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes')),
    bottomMenu: z.boolean(),
    menuTooltipButton: z.boolean(),
    gapSearch: z.object({
      /** Keyed by source name, which appears in URLs and artifact names. */
      dataSources: keyedRecord(
        z.string().check(z.regex(/^[a-z][a-z0-9-]*$/)),
        DataSourceConfigSchema,
        'a source name must be lower-case letters, digits and dashes',
      ),
    }),
  })
  .check(
    z.superRefine((config, ctx) => {
      // One histogram per range key on the screen: its counts add up across sources bucket by bucket.
      const bucketsOf = new Map<string, string>();
      for (const [name, source] of Object.entries(config.gapSearch.dataSources)) {
        for (const [key, { buckets }] of Object.entries(source.rangeFilters ?? {})) {
          const first = bucketsOf.get(key) ?? JSON.stringify(buckets);
          bucketsOf.set(key, first);
          if (first !== JSON.stringify(buckets)) {
            ctx.addIssue({
              code: 'custom',
              path: ['gapSearch', 'dataSources', name, 'rangeFilters', key, 'buckets'],
              message: 'must be the buckets of every other source with this range filter key',
            });
          }
        }
      }
    }),
  );

export type AppConfigInput = z.input<typeof AppConfigSchema>;
export type AppConfig = z.infer<typeof AppConfigSchema>;
export type DataSourceConfig = z.infer<typeof DataSourceConfigSchema>;

/** What the browser receives: today the whole config is public; keep secrets out of it. */
export type PublicConfig = AppConfig;

export class ConfigError extends Error {}

/** Validates a config object; the error names every offending field, e.g. gapSearch.dataSources.cities.dataType. */
export function parseAppConfig(input: unknown): AppConfig {
  const result = AppConfigSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid app.config.ts:\n${lines.join('\n')}`);
  }
  return result.data;
}
