// What a match in each searched property is worth (docs/search.md, "Ranking"): the title
// properties weigh 1 and the others less, unless boostProperties says otherwise.

/** The weight of a searched property that is neither a title property nor in boostProperties. */
export const SECONDARY_WEIGHT = 0.5;

/** The parts of a data source's config (shared/app-config.ts) that weigh its fields. */
interface RankedFields {
  searchProperties: Record<string, unknown>;
  titleProperty: string;
  titleProperties?: string[];
  boostProperties: Record<string, number>;
}

/** The searched properties whose matches rank as title matches. */
export function titlePropertiesOf(source: Omit<RankedFields, 'boostProperties'>): string[] {
  if (source.titleProperties?.length) return source.titleProperties;
  return source.titleProperty in source.searchProperties ? [source.titleProperty] : [];
}

/** Searched property → weight: the request's boost. */
export function fieldWeights(source: RankedFields): Record<string, number> {
  const titles = titlePropertiesOf(source);
  return Object.fromEntries(
    Object.keys(source.searchProperties).map((property) => [
      property,
      source.boostProperties[property] ?? (titles.includes(property) ? 1 : SECONDARY_WEIGHT),
    ]),
  );
}
