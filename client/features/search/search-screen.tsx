// The search screen (spec §2, §4, §5): loads the indexes this user may search, runs the query in
// the URL in the worker, and shows the results one page at a time with data type chips, filters
// with counts, sort and paging. The app bar's search box is its combobox (header-search-box.tsx).
import FilterList from '@mui/icons-material/FilterList';
import {
  Alert,
  Badge,
  Box,
  Button,
  Drawer,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useFirstRender } from '#client/lib/first-render';
import { useMediaQueryInTransition } from '#client/lib/use-media-query-in-transition';
import { paths } from '#client/paths';
import type { DataSourceConfig } from '#shared/app-config';
import type { SelectedFilters } from '#shared/search/search-request';
import { tokenize } from '#shared/search/tokenizer';
import { DataTypeChips } from './data-type-chips';
import { DidYouMean } from './did-you-mean';
import { hasCoordinates, sortByDistance } from './distance-sort';
import { type FirstResults, firstResultFor } from './first-results';
import { reloadSearchIndexes } from './load-search-indexes';
import { useSearchBoxStore } from './search-box-store';
import { useSearchDeps } from './search-deps-context';
import { SearchEmptyState } from './search-empty-state';
import { dataTypesToSearch } from './search-filters';
import { SearchFiltersPanel } from './search-filters-panel';
import { type IdleDataType, SearchIdleState } from './search-idle-state';
import { type LookupLabel, useSearchLabels } from './search-labels';
import { SearchLoadProgress } from './search-load-progress';
import { isSearchable, sourceLoads } from './search-load-store';
import { SearchPagination } from './search-pagination';
import { SearchPlaceTools } from './search-place-tools';
import { SearchResultsHeader } from './search-results-header';
import { type PageResult, SearchResultsList } from './search-results-list';
import { sortHits, sortIdOf, sortValuesFor } from './search-sort';
import { SearchSortSelect } from './search-sort-select';
import { SearchTextCommit } from './search-text-commit';
import { DEFAULT_PAGE, type ItemHistoryState } from './search-url-state';
import { SelectedFilterChips } from './selected-filter-chips';
import { useBoxCompletions } from './use-box-completions';
import { useNearMe } from './use-near-me';
import { useSearchIndexes } from './use-search-indexes';
import { useSearchResults } from './use-search-results';
import { useSearchScreenState } from './use-search-screen-state';
import { useUnfilteredTotal } from './use-unfiltered-total';

export interface SearchScreenProps {
  dataSources: Record<string, DataSourceConfig>;
  /** undefined while sign-in is still unknown. */
  signedIn: boolean | undefined;
  lookupLabel?: LookupLabel;
  /** Told whether the screen shows what its URL asks for, with every index loaded and no search running. */
  onSettledChange?: (settled: boolean) => void;
  /** What the server drew the page with, shown until the device's own search answers. */
  firstResults?: FirstResults | null;
}

/** The sources of `dataSources` a comma-separated `names` lists. */
function sourcesNamed(dataSources: Record<string, DataSourceConfig>, names: string) {
  return Object.fromEntries(
    names
      .split(',')
      .filter((name) => dataSources[name])
      .map((name) => [name, dataSources[name]!]),
  );
}

/** Memoised, as it never changes: the screen re-renders while the indexes load. */
const ResultSkeletons = memo(function ResultSkeletons() {
  return (
    <Stack spacing={2} sx={{ px: 2, py: 1.5 }} aria-hidden>
      {[0, 1, 2, 3, 4].map((i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2 }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" height={28} />
            <Skeleton width="70%" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
});

export function SearchScreen({
  dataSources,
  signedIn,
  lookupLabel,
  onSettledChange,
  firstResults,
}: SearchScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // A server-rendered page was drawn for the width the server guessed; hydration agrees with it.
  const phone = !useMediaQueryInTransition(
    useTheme().breakpoints.up('md'),
    useFirstRender()?.desktop ?? true,
  );
  const queryClient = useQueryClient();
  const deps = useSearchDeps();
  const load = useSearchIndexes(dataSources, signedIn, sourceLoads);
  // Before the load store knows any source, a server-drawn page's sources are the ones it searched.
  const loadedNames = Object.keys(load.sources);
  const visibleKey = (loadedNames.length > 0 ? loadedNames : Object.keys(firstResults?.sources ?? {})).join(
    ',',
  );
  const visible = useMemo(() => sourcesNamed(dataSources, visibleKey), [dataSources, visibleKey]);
  // Completions come from the loaded indexes: bound again as each one loads, so that a box focused
  // while they load is completed once they can.
  const loadedKey = loadedNames.filter((name) => isSearchable(load.sources[name])).join(',');
  useBoxCompletions(useMemo(() => sourcesNamed(dataSources, loadedKey), [dataSources, loadedKey]));
  const screen = useSearchScreenState(dataSources, visible);
  const { text, chips, sort, itemsPerPage, selection, active, validKeys, restored, update } = screen;
  const labels = useSearchLabels(lookupLabel);
  const term = text.trim();
  const words = useMemo(() => tokenize(term), [term]);
  const nearMe = useNearMe();
  const near = nearMe.state.status === 'on' ? nearMe.state.position : undefined;
  const query = useMemo(() => ({ term, chips, filters: active, near }), [term, chips, active, near]);
  const searched = useSearchResults(dataSources, visible, load, query);
  const { pending, typeCounts } = searched;
  const firstShown = searched.result === undefined ? firstResultFor(firstResults, query) : undefined;
  const result = searched.result ?? firstShown;
  const showRestored = restored && Object.keys(active).length > 0;
  const unfilteredTotal = useUnfilteredTotal(dataSources, visible, load, query, showRestored);
  const settled = load.overall === 'loaded' && !pending;
  // Results so far come from a head segment: none yet does not mean none at all.
  const firstOnly = Object.values(load.sources).some((source) => source.firstSearchable !== undefined);
  useEffect(() => onSettledChange?.(settled), [settled, onSettledChange]);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsTop = useRef<HTMLDivElement>(null);

  const dataTypes = useMemo(() => [...new Set(Object.values(visible).map((s) => s.dataType))], [visible]);
  const sourceOfType = useMemo(() => {
    const byType = new Map<string, { name: string; source: DataSourceConfig; tone: number }>();
    Object.entries(dataSources).forEach(([name, source], tone) => {
      if (!byType.has(source.dataType)) byType.set(source.dataType, { name, source, tone });
    });
    return byType;
  }, [dataSources]);

  const sortId = sortIdOf(dataSources, sort);
  const sorted = useMemo(
    () =>
      !result
        ? []
        : near
          ? sortByDistance(result.hits, visible, near)
          : sortHits(result.hits, sortId, visible, labels),
    [result, near, sortId, visible, labels],
  );
  const pageCount = Math.max(1, Math.ceil(sorted.length / itemsPerPage));
  const page = Math.min(screen.page, pageCount);
  const pageResults = useMemo<PageResult[]>(
    () =>
      sorted.slice((page - 1) * itemsPerPage, page * itemsPerPage).flatMap((hit) => {
        const owner = sourceOfType.get(hit.dataType);
        return owner
          ? [{ hit, source: owner.source, tone: owner.tone, href: paths.item(owner.name, hit.id), near }]
          : [];
      }),
    [sorted, page, itemsPerPage, sourceOfType, near],
  );

  // The app bar's box steers this page of results.
  const listboxId = useId();
  const optionId = useCallback((i: number) => `${listboxId}-option-${i}`, [listboxId]);
  const linkState: ItemHistoryState = useMemo(
    () => ({ searchUrl: `${location.pathname}${location.search}` }),
    [location.pathname, location.search],
  );
  const searchBoxStore = useSearchBoxStore();
  useEffect(() => {
    searchBoxStore.bindResults({
      listboxId,
      count: pageResults.length,
      shown: pageResults.map((result) => result.href).join('\n'),
      optionId,
      open: (index) => {
        const target = pageResults[index];
        if (target) navigate(target.href, { state: linkState });
      },
    });
  }, [pageResults, listboxId, optionId, searchBoxStore, navigate, linkState]);
  useEffect(() => () => searchBoxStore.bindResults(null), [searchBoxStore]);

  const setFilters = (filters: SelectedFilters) => update({ filters, page: DEFAULT_PAGE });
  const setChips = (next: string[]) => update({ chips: next, page: DEFAULT_PAGE });
  const goToPage = (next: number) => {
    update({ page: next });
    resultsTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const retry = () => {
    if (signedIn !== undefined) void reloadSearchIndexes(queryClient, dataSources, signedIn, deps);
  };

  const searching = Boolean(term) || chips.length > 0;
  const chipsLabel = chips.map((chip) => labels.dataType(chip, 'collection')).join(', ');
  // Chosen data types this visitor may not search yet.
  const lockedChips =
    signedIn === false
      ? chips.filter(
          (chip) =>
            !dataTypes.includes(chip) &&
            Object.values(dataSources).some((s) => s.dataType === chip && s.protected),
        )
      : [];
  const hereUrl = `${location.pathname}${location.search}`;

  const loadProgress = (loadingHidden: boolean) => (
    <SearchLoadProgress
      load={load}
      visible={visible}
      labels={labels}
      onRetry={retry}
      loadingHidden={loadingHidden}
    />
  );

  if (!searching) {
    const idleTypes: IdleDataType[] = [
      ...Object.entries(visible).map(([name, source]) => ({
        dataType: source.dataType,
        count: load.sources[name]?.documentCount ?? firstResults?.sources[name],
        locked: false,
      })),
      ...(signedIn === false
        ? Object.values(dataSources)
            .filter((s) => s.protected)
            .map((s) => ({ dataType: s.dataType, locked: true }))
        : []),
    ];
    return (
      <Box>
        <SearchTextCommit urlText={text} chips={chips} update={update} />
        <SearchIdleState dataTypes={idleTypes} labels={labels} />
        {/* Below what can be browsed, so that appearing it moves nothing the server drew. */}
        {loadProgress(false)}
      </Box>
    );
  }

  const hasFilters = Object.keys(active).length > 0;
  const filterChips = (
    <SelectedFilterChips
      active={active}
      selection={selection}
      visible={visible}
      labels={labels}
      remembered={
        showRestored
          ? {
              more:
                unfilteredTotal !== undefined && result && !pending
                  ? unfilteredTotal - result.total
                  : undefined,
            }
          : undefined
      }
      onChange={setFilters}
    />
  );
  const filtersPanel = (
    <SearchFiltersPanel
      keys={validKeys}
      counts={result?.counts ?? {}}
      rangeCounts={result?.rangeCounts ?? {}}
      selection={selection}
      visible={visible}
      labels={labels}
      onChange={setFilters}
    />
  );
  const searchedTypes = dataTypesToSearch(visible, chips, active);
  const failedSources = Object.entries(result?.sources ?? {}).filter(([, outcome]) => outcome === 'error');
  const selectedFilterCount = Object.values(active).reduce((n, values) => n + values.length, 0);

  return (
    <Box>
      <SearchTextCommit urlText={text} chips={chips} update={update} />
      {/* Showing the server's results, the screen does not push them down to say its index is loading. */}
      {loadProgress(firstShown !== undefined)}
      {lockedChips.length > 0 && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={Link} to={paths.login(hereUrl)}>
              {t('search.sign_in')}
            </Button>
          }
        >
          {t('search.sign_in_for', {
            types: lockedChips.map((chip) => labels.dataType(chip, 'collection')).join(', '),
          })}
        </Alert>
      )}

      <Box ref={resultsTop} sx={{ scrollMarginTop: 80 }}>
        <SearchResultsHeader
          title={term ? t('search.results_for', { text: term }) : t('search.browsing', { types: chipsLabel })}
          total={result?.total}
          shown={result?.hits.length ?? 0}
          limited={result?.limited ?? false}
          labels={labels}
          actions={
            <>
              {phone && (
                <Badge badgeContent={selectedFilterCount} color="primary">
                  <Button variant="outlined" startIcon={<FilterList />} onClick={() => setFiltersOpen(true)}>
                    {t('search.filters')}
                  </Button>
                </Badge>
              )}
              <SearchSortSelect
                value={sort}
                options={sortValuesFor(visible, searchedTypes)}
                label={(value) => {
                  const id = sortIdOf(dataSources, value);
                  return id ? labels.sortOption(id) : t('search.sort_relevance');
                }}
                onChange={(next) => update({ sort: next, page: DEFAULT_PAGE })}
              />
            </>
          }
        />
      </Box>

      <Stack spacing={1.5} sx={{ mb: 2 }}>
        {dataTypes.length > 1 && (
          <DataTypeChips
            dataTypes={dataTypes}
            chips={chips}
            typeCounts={typeCounts}
            labels={labels}
            onChange={setChips}
          />
        )}
        {filterChips}
      </Stack>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' } }}>
        {!phone && (
          <Box
            component="aside"
            aria-label={t('search.filters')}
            sx={{
              position: 'sticky',
              top: 80,
              alignSelf: 'start',
              maxHeight: 'calc(100vh - 96px)',
              overflowY: 'auto',
              pe: 1,
            }}
          >
            <Typography variant="overline" component="h2" color="text.secondary">
              {t('search.filters')}
            </Typography>
            {filtersPanel}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ height: 4, mb: 1 }}>
            {pending && <LinearProgress aria-label={t('search.searching')} />}
          </Box>
          {hasCoordinates(visible, searchedTypes) && (
            <SearchPlaceTools
              nearMe={nearMe.state}
              onLocate={nearMe.locate}
              onStop={nearMe.stop}
              results={pageResults}
              linkState={linkState}
            />
          )}
          {failedSources.map(([name]) => (
            <Alert key={name} severity="warning" sx={{ mb: 2 }}>
              {t('search.search_error', {
                source: labels.dataType(visible[name]?.dataType ?? name, 'collection'),
              })}
            </Alert>
          ))}
          {term && result && <DidYouMean text={term} sources={visible} />}
          {!result || (result.total === 0 && firstOnly) ? (
            <ResultSkeletons />
          ) : result.total === 0 ? (
            <SearchEmptyState
              text={term}
              filterChips={hasFilters ? filterChips : undefined}
              onSearchAllTypes={chips.length > 0 && dataTypes.length > 1 ? () => setChips([]) : undefined}
            />
          ) : (
            <Paper variant="outlined" sx={{ borderRadius: '20px', p: 0.5 }}>
              <SearchResultsList
                results={pageResults}
                listboxId={listboxId}
                optionId={optionId}
                linkState={linkState}
                words={words}
                labels={labels}
                dimmed={pending}
              />
            </Paper>
          )}
          {result && result.total > 0 && (
            <SearchPagination
              page={page}
              pageCount={pageCount}
              itemsPerPage={itemsPerPage}
              onPage={goToPage}
              onItemsPerPage={(next) => update({ itemsPerPage: next, page: DEFAULT_PAGE })}
            />
          )}
        </Box>
      </Box>

      {phone && (
        <Drawer
          anchor="bottom"
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          slotProps={{
            paper: { sx: { borderTopLeftRadius: 24, borderTopRightRadius: 24, maxHeight: '85vh' } },
          }}
        >
          <Box sx={{ p: 2, overflowY: 'auto' }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
              {t('search.filters')}
            </Typography>
            {filtersPanel}
          </Box>
          <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
            <Button variant="contained" fullWidth onClick={() => setFiltersOpen(false)}>
              {t('search.show_results', { count: result?.total ?? 0 })}
            </Button>
          </Box>
        </Drawer>
      )}
    </Box>
  );
}
