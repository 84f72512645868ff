// What the last run answered: running, the data, the GraphQL errors with their codes, or why the
// request failed.
import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PlaygroundRun } from './use-playground-operation';

const codeBlock = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'monospace',
  fontSize: 13,
  overflow: 'auto',
  maxHeight: 420,
  whiteSpace: 'pre',
} as const;

export function OperationResult({ run }: { run: PlaygroundRun | null }) {
  const { t } = useTranslation();
  if (!run) return <Typography color="text.secondary">{t('graphql.playground.idle')}</Typography>;
  const errors = run.result?.errors ?? [];
  const hasData = run.result?.data !== undefined && run.result?.data !== null;
  return (
    <Stack spacing={2} aria-busy={run.pending}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {run.pending ? (
          <Chip size="small" label={t('graphql.playground.loading')} color="info" role="status" />
        ) : run.error ? (
          <Chip size="small" label={t('graphql.playground.failed')} color="error" />
        ) : errors.length > 0 ? (
          <Chip
            size="small"
            label={t('graphql.playground.errors', { count: errors.length })}
            color="warning"
          />
        ) : (
          <Chip size="small" label={t('graphql.playground.ok')} color="success" />
        )}
        {run.cacheKey && (
          <Typography variant="body2" color="text.secondary">
            {t('graphql.playground.cache_key')}{' '}
            <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
              {run.cacheKey}
            </Box>
          </Typography>
        )}
      </Stack>
      {run.pending && <LinearProgress aria-label={t('graphql.playground.loading')} />}
      {run.error && !run.pending && (
        <Alert severity="error">
          {t('graphql.playground.request_failed', { message: run.error.message })}
        </Alert>
      )}
      {errors.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one answer's errors never reorder, and two may read alike
        <Alert key={`${index}:${error.message}`} severity="warning">
          {error.extensions?.code && (
            <Box component="strong" dir="ltr" sx={{ fontFamily: 'monospace', me: 1 }}>
              {error.extensions.code}
            </Box>
          )}
          {error.message}
          {error.path && (
            <Box component="span" dir="ltr" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 12 }}>
              {error.path.join('.')}
            </Box>
          )}
        </Alert>
      ))}
      {run.result && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('graphql.playground.data')}
          </Typography>
          {/* Long answers scroll: focusable, so keyboard users can scroll them too. */}
          <Box
            component="pre"
            dir="ltr"
            sx={codeBlock}
            tabIndex={0}
            role="region"
            aria-label={t('graphql.playground.data')}
            data-testid="graphql-data"
          >
            {hasData ? JSON.stringify(run.result.data, null, 2) : t('graphql.playground.no_data')}
          </Box>
        </Box>
      )}
    </Stack>
  );
}
