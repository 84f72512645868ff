// The console's first screen: each source's documents, index artifact (size, checksum, build time),
// whether a rebuild is due, its build history with errors, and "rebuild now".
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CircularProgress,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SimpleTable } from '#client/components/simple-table';
import { paths } from '#client/paths';
import type { SourceStatus } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { adminFetch } from './admin-fetch';
import { adminKeys, useSources } from './admin-queries';
import { ErrorAlert } from './error-alert';
import { formatBytes, formatChecksum, formatDuration, formatInstant, formatNumber } from './format';

const outcomeLabels = {
  built: 'admin.sources.outcome_built',
  delta: 'admin.sources.outcome_delta',
  failed: 'admin.sources.outcome_failed',
} as const;

export function SourcesPage() {
  const { t } = useTranslation();
  const sources = useSources();
  if (sources.isPending) return <CircularProgress aria-label={t('admin.loading')} />;
  if (sources.isError) return <ErrorAlert error={sources.error} />;
  return (
    <Stack spacing={3}>
      {sources.data.map((source) => (
        <SourceCard key={source.name} source={source} />
      ))}
    </Stack>
  );
}

function SourceCard({ source }: { source: SourceStatus }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const rebuild = useMutation({
    mutationFn: () => adminFetch(apiPaths.admin.rebuild(source.name), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.sources }),
  });
  const last = source.builds[0];
  const segmentFact = (segment: { documentCount: number; size: number } | null | undefined) =>
    segment
      ? t('admin.sources.segment_value', {
          count: segment.documentCount,
          size: formatBytes(segment.size, language),
        })
      : '—';
  const headingId = `source-${source.name}`;
  const facts: [string, string][] = [
    [t('admin.sources.documents'), formatNumber(source.documentCount, language)],
    [t('admin.sources.size'), source.artifact ? formatBytes(source.artifact.size, language) : '—'],
    [t('admin.sources.checksum'), source.artifact ? formatChecksum(source.artifact.crc32c) : '—'],
    [t('admin.sources.built_at'), source.artifact ? formatInstant(source.artifact.builtAt, language) : '—'],
    [t('admin.sources.duration'), last ? formatDuration(last.durationMs, language) : '—'],
    [t('admin.sources.delta'), segmentFact(source.artifact?.delta)],
    [t('admin.sources.head'), segmentFact(source.artifact?.head)],
  ];
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2" id={headingId} sx={{ fontWeight: 600 }}>
            {source.name}
          </Typography>
          <Chip size="small" variant="outlined" label={source.dataType} />
          {source.protected && <Chip size="small" variant="outlined" label={t('admin.sources.protected')} />}
          <Chip
            size="small"
            color={source.stale ? 'warning' : 'success'}
            label={source.stale ? t('admin.sources.stale') : t('admin.sources.fresh')}
          />
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(180px, 1fr))' },
            gap: 2,
            m: 0,
            '& dt': { color: 'text.secondary', typography: 'body2' },
            '& dd': { m: 0, typography: 'body1', fontWeight: 500 },
          }}
        >
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Box>
        {source.builds.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <Typography variant="subtitle1" component="h3" id={`${headingId}-builds`} sx={{ mb: 1 }}>
              {t('admin.sources.history')}
            </Typography>
            <SimpleTable
              labelledBy={`${headingId}-builds`}
              rows={source.builds}
              rowKey={(build) => build.startedAt}
              columns={[
                { heading: t('admin.sources.started'), cell: (b) => formatInstant(b.startedAt, language) },
                { heading: t('admin.sources.duration'), cell: (b) => formatDuration(b.durationMs, language) },
                {
                  heading: t('admin.sources.outcome'),
                  cell: (b) => (
                    <Chip
                      size="small"
                      color={b.outcome === 'failed' ? 'error' : 'success'}
                      label={t(outcomeLabels[b.outcome])}
                    />
                  ),
                },
                {
                  heading: t('admin.sources.documents'),
                  cell: (b) => (b.documentCount === null ? '—' : formatNumber(b.documentCount, language)),
                },
                {
                  heading: t('admin.sources.size'),
                  cell: (b) => (b.bytes === null ? '—' : formatBytes(b.bytes, language)),
                },
                { heading: t('admin.sources.error'), cell: (b) => b.error ?? '—', sx: { maxWidth: 360 } },
              ]}
            />
          </Box>
        )}
        {rebuild.isError && <ErrorAlert error={rebuild.error} sx={{ mt: 2 }} />}
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        <Button variant="contained" onClick={() => rebuild.mutate()} loading={rebuild.isPending}>
          {t('admin.sources.rebuild')}
        </Button>
        <Button component={Link} to={paths.adminImport(source.name)}>
          {t('admin.sources.import')}
        </Button>
        <Button component={Link} to={paths.adminDocuments(source.name)}>
          {t('admin.sources.browse')}
        </Button>
      </CardActions>
    </Card>
  );
}
