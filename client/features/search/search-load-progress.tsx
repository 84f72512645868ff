// Per-source loading while indexes download or restore (with their sizes, and what is searchable
// meanwhile), and a per-source error with a way to try again. Shows nothing once every source is loaded.
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { DataSourceConfig } from '#shared/app-config';
import { useSearchDeps } from './search-deps-context';
import type { SearchLabels } from './search-labels';
import type { SourceLoad, SourceLoads } from './search-load-store';

function LoadingSource({
  name,
  label,
  load,
  labels,
}: {
  name: string;
  label: string;
  load: SourceLoad;
  labels: SearchLabels;
}) {
  const { t } = useTranslation();
  // Read here, not by the screen: only this bar is drawn again at each step of a download.
  const loaded = useStore(useSearchDeps().store.state, (snapshot) => snapshot.downloaded[name]);
  const { size, documentCount, preparing, firstSearchable } = load;
  const percent = size && loaded !== undefined ? Math.min(100, (loaded / size) * 100) : undefined;
  const detail = preparing
    ? t('search.load_server_preparing')
    : size && loaded !== undefined && loaded < size
      ? t('search.load_bytes', { loaded: labels.bytes(loaded), size: labels.bytes(size) })
      : size
        ? t('search.load_preparing', { size: labels.bytes(size) })
        : t('search.load_waiting');
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {documentCount !== undefined
            ? t('search.load_source_count', { source: label, count: documentCount })
            : label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {detail}
        </Typography>
      </Box>
      <LinearProgress
        variant={percent !== undefined && percent < 100 ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={t('search.load_label', { source: label })}
        sx={{ borderRadius: 99, height: 6 }}
      />
      {firstSearchable !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('search.load_first', { documents: firstSearchable })}
        </Typography>
      )}
    </Box>
  );
}

export function SearchLoadProgress({
  load,
  visible,
  labels,
  onRetry,
  loadingHidden = false,
}: {
  load: SourceLoads;
  visible: Record<string, DataSourceConfig>;
  labels: SearchLabels;
  onRetry: () => void;
  /** Results stand in for the loading (a server-drawn page's): only failures are shown. */
  loadingHidden?: boolean;
}) {
  const { t } = useTranslation();
  const sources = Object.entries(load.sources).filter(([name]) => visible[name]);
  const loading = loadingHidden ? [] : sources.filter(([, s]) => s.state === 'loading');
  const failed = sources.filter(([, s]) => s.state === 'error');
  const label = (name: string) => labels.dataType(visible[name]!.dataType, 'collection');
  if (loading.length === 0 && failed.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      {loading.length > 0 && (
        <Paper
          variant="outlined"
          role="status"
          aria-live="polite"
          sx={{ p: 2, display: 'grid', gap: 1.5, borderRadius: '16px' }}
        >
          <Typography variant="subtitle2" component="p">
            {t('search.load_title')}
          </Typography>
          {loading.map(([name, source]) => (
            <LoadingSource key={name} name={name} label={label(name)} load={source} labels={labels} />
          ))}
        </Paper>
      )}
      {failed.map(([name]) => (
        <Alert
          key={name}
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('search.retry')}
            </Button>
          }
        >
          {t('search.load_error', { source: label(name) })}
        </Alert>
      ))}
    </Box>
  );
}
