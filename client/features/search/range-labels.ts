// A range filter's selection and its histogram's buckets in words ("100,000–500,000", "under
// 2,000", "10,000,000 or more"), numbers formatted for the interface language.
import type { TFunction } from 'i18next';
import type { RangeBounds } from '#shared/search/range-value';

/** The selection: both ends, or the one that is set. */
export function rangeLabel(t: TFunction, format: (n: number) => string, bounds: RangeBounds): string {
  const { min, max } = bounds;
  if (min !== undefined && max !== undefined) {
    return t('search.range.between', { min: format(min), max: format(max) });
  }
  return min !== undefined
    ? t('search.range.at_least', { min: format(min) })
    : t('search.range.at_most', { max: format(max ?? 0) });
}

/** Bucket `i` of a histogram with these boundaries: below the first, between two, or from the last. */
export function bucketLabel(
  t: TFunction,
  format: (n: number) => string,
  boundaries: readonly number[],
  i: number,
): string {
  if (i === 0) return t('search.range.under', { max: format(boundaries[0]!) });
  if (i === boundaries.length) return t('search.range.at_least', { min: format(boundaries[i - 1]!) });
  return t('search.range.between', { min: format(boundaries[i - 1]!), max: format(boundaries[i]!) });
}
