// How many results the current text and chips have without any filter: said beside filters that
// were restored from the device, so the visitor sees what they hide. One more worker search, run
// only while such filters are shown, cached like the screen's own results.
import { useMemo } from 'react';
import type { DataSourceConfig } from '#shared/app-config';
import type { ScreenQuery } from './run-screen-search';
import type { SourceLoads } from './search-load-store';
import { useSearchResults } from './use-search-results';

/** The total without filters once known (never a stale one), else undefined. */
export function useUnfilteredTotal(
  dataSources: Record<string, DataSourceConfig>,
  visible: Record<string, DataSourceConfig>,
  load: SourceLoads,
  query: ScreenQuery,
  wanted: boolean,
): number | undefined {
  const unfiltered = useMemo(() => ({ ...query, filters: {} }), [query]);
  const { result, pending } = useSearchResults(dataSources, visible, load, unfiltered, wanted);
  return wanted && !pending ? result?.total : undefined;
}
