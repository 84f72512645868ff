// "Did you mean …": when a word of the searched text starts no word of the loaded indexes (what the
// search finds, it found through typos only, or nothing), a link to the same search with the text
// corrected from the indexes' own words (worker, so offline too).
import { Link as MuiLink, Typography } from '@mui/material';
import { Trans } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQueryInTransition } from '#client/lib/use-query-in-transition';
import type { DataSourceConfig } from '#shared/app-config';
import { searchQueryKeys } from './load-search-indexes';
import { correctQuery } from './query-suggestions';
import { useSearchDeps } from './search-deps-context';

export function DidYouMean({
  text,
  sources,
}: {
  text: string;
  /** The searched sources (loaded ones are asked). */
  sources: Record<string, DataSourceConfig>;
}) {
  const deps = useSearchDeps();
  const location = useLocation();
  // The screen re-renders as sources finish loading; each loaded set is asked once.
  const { sources: load } = deps.store.getSnapshot();
  const loaded = Object.keys(sources).filter((name) => load[name]?.state === 'loaded');
  const { data: corrected } = useQueryInTransition({
    // Under the results' key: it may hold a protected index's word, removed with them at sign-out.
    queryKey: [...searchQueryKeys.results, text, 'did-you-mean', loaded.join(',')],
    queryFn: async () => (await correctQuery(sources, text, deps)) ?? null,
    enabled: Boolean(text.trim()) && loaded.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // The worker answers, not the network: offline too.
    networkMode: 'always',
  });
  if (!corrected) return null;
  const params = new URLSearchParams(location.search);
  params.set('s', corrected);
  params.delete('page');
  return (
    <Typography variant="body1" sx={{ mb: 1.5 }} data-testid="did-you-mean">
      <Trans
        i18nKey="search.help.did_you_mean"
        values={{ text: corrected }}
        components={{
          corrected: (
            <MuiLink
              component={Link}
              to={{ pathname: location.pathname, search: `?${params}` }}
              replace
              sx={{ fontWeight: 600, fontStyle: 'italic' }}
              dir="auto"
            />
          ),
        }}
      />
    </Typography>
  );
}
