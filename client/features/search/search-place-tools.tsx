// Places in the results of sources with coordinates: "Near me" (the position is asked only on a
// click; the results are then nearest first, each with its distance), a message when the position
// is refused or cannot be had, and the map of the page's results, loaded only when first shown.
import MapIcon from '@mui/icons-material/Map';
import NearMe from '@mui/icons-material/NearMe';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LatLon } from '#shared/search/sift/geo-distance';
import type { PageResult } from './search-results-list';
import type { NearMeState } from './use-near-me';

const SearchResultsMap = lazy(() => import('./search-results-map'));

const NEAR_ME_ERRORS = {
  denied: 'search.near.denied',
  unavailable: 'search.near.unavailable',
  unsupported: 'search.near.unsupported',
} as const;

export function SearchPlaceTools({
  nearMe,
  onLocate,
  onStop,
  results,
  linkState,
}: {
  nearMe: NearMeState;
  onLocate: () => void;
  onStop: () => void;
  /** The page of results the map shows. */
  results: PageResult[];
  linkState: unknown;
}) {
  const { t } = useTranslation();
  const [mapShown, setMapShown] = useState(false);
  const position: LatLon | undefined = nearMe.status === 'on' ? nearMe.position : undefined;
  return (
    <Box sx={{ mb: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant={position ? 'contained' : 'outlined'}
          size="small"
          startIcon={
            nearMe.status === 'locating' ? <CircularProgress size={16} color="inherit" /> : <NearMe />
          }
          aria-pressed={Boolean(position)}
          disabled={nearMe.status === 'locating'}
          onClick={position ? onStop : onLocate}
        >
          {t('search.near.button')}
        </Button>
        {(position || nearMe.status === 'locating') && (
          <Typography variant="body2" color="text.secondary" role="status" data-testid="near-me-status">
            {position ? t('search.near.active') : t('search.near.locating')}
          </Typography>
        )}
        <Button
          variant={mapShown ? 'contained' : 'outlined'}
          size="small"
          startIcon={<MapIcon />}
          aria-pressed={mapShown}
          onClick={() => setMapShown((shown) => !shown)}
        >
          {t('search.map.map')}
        </Button>
      </Box>
      {nearMe.status === 'error' && (
        <Alert severity="warning" sx={{ mt: 1.5 }} role="alert">
          {t(NEAR_ME_ERRORS[nearMe.reason])}
        </Alert>
      )}
      {mapShown && (
        <Box sx={{ mt: 1.5 }}>
          <Suspense
            fallback={
              <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
                {t('search.map.loading')}
              </Typography>
            }
          >
            <SearchResultsMap results={results} linkState={linkState} position={position} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
