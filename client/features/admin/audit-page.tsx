// The audit log, newest first: who did what to which target, when, and how many records; paged
// backwards by id.
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import type { AuditPage as AuditPageData } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { adminFetch } from './admin-fetch';
import { adminKeys } from './admin-queries';
import { ConsolePanel } from './console-panel';
import { ErrorAlert } from './error-alert';
import { formatInstant, formatNumber } from './format';

const PAGE_SIZE = 50;

export function AuditPage() {
  const { t, i18n } = useTranslation();
  // The `before` of each page shown so far; the last is the current page (undefined: the newest).
  const [pages, setPages] = useState<(number | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const audit = useQuery({
    queryKey: [...adminKeys.audit, before ?? 'newest'],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        limit: String(PAGE_SIZE),
        ...(before ? { before: String(before) } : {}),
      });
      return adminFetch<AuditPageData>(`${apiPaths.admin.audit}?${query}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
  if (audit.isPending) return <CircularProgress aria-label={t('admin.loading')} />;
  if (audit.isError) return <ErrorAlert error={audit.error} />;
  const { entries, next } = audit.data;
  return (
    <ConsolePanel list id="audit-list" title={t('admin.audit.list')}>
      {entries.length === 0 ? (
        <Typography sx={{ px: 2, pb: 2 }}>{t('admin.audit.empty')}</Typography>
      ) : (
        <SimpleTable
          labelledBy="audit-list"
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            { heading: t('admin.audit.when'), cell: (e) => formatInstant(e.at, i18n.language) },
            { heading: t('admin.audit.who'), cell: (e) => e.actor, dir: 'ltr' },
            {
              heading: t('admin.audit.action'),
              cell: (e) => e.action,
              dir: 'ltr',
              sx: { fontFamily: 'monospace' },
            },
            { heading: t('admin.audit.target'), cell: (e) => e.target ?? '—', dir: 'ltr' },
            {
              heading: t('admin.audit.records'),
              cell: (e) => (e.records === null ? '—' : formatNumber(e.records, i18n.language)),
            },
            {
              heading: t('admin.audit.details'),
              cell: (e) => (e.details ? JSON.stringify(e.details) : '—'),
              dir: 'ltr',
              sx: { fontFamily: 'monospace', fontSize: 12, maxWidth: 360, overflowWrap: 'anywhere' },
            },
          ]}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ p: 2 }}>
        <Button disabled={pages.length === 1} onClick={() => setPages([undefined])}>
          {t('admin.audit.newest')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          disabled={next === null}
          onClick={() => next && setPages([...pages, next])}
        >
          {t('admin.audit.older')}
        </Button>
      </Stack>
    </ConsolePanel>
  );
}
