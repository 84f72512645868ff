// Browse a source's documents in key order, find them by key or title prefix, and open one.
import Search from '@mui/icons-material/Search';
import {
  Box,
  Button,
  CircularProgress,
  InputAdornment,
  Link as MuiLink,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SimpleTable } from '#client/components/simple-table';
import { useAppConfig } from '#client/config/app-config';
import { paths } from '#client/paths';
import type { DocumentPage } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import { adminFetch } from './admin-fetch';
import { adminKeys } from './admin-queries';
import { ConsolePanel } from './console-panel';
import { ErrorAlert } from './error-alert';
import { formatInstant } from './format';
import { SourceSelect } from './source-select';

const PAGE_SIZE = 50;

export function DocumentsPage() {
  const { t, i18n } = useTranslation();
  const names = Object.keys(useAppConfig().gapSearch.dataSources);
  const [params, setParams] = useSearchParams();
  const source = names.includes(params.get('source') ?? '') ? params.get('source')! : names[0]!;
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const documents = useInfiniteQuery({
    queryKey: adminKeys.documents(source, q),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (q) query.set('q', q);
      if (pageParam) query.set('after', pageParam);
      return adminFetch<DocumentPage>(`${apiPaths.admin.documents(source)}?${query}`, { signal });
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ source, ...(text.trim() ? { q: text.trim() } : {}) }, { replace: true });
  };
  const rows = documents.data?.pages.flatMap((page) => page.documents) ?? [];
  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        role="search"
        onSubmit={search}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <SourceSelect
          value={source}
          onChange={(next) => {
            setText('');
            setParams({ source: next }, { replace: true });
          }}
        />
        <TextField
          size="small"
          label={t('admin.documents.search')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          sx={{ flex: 1, maxWidth: 420 }}
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button type="submit" size="small" startIcon={<Search />}>
                    {t('nav.search')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      <ConsolePanel list id="documents-list" title={t('admin.documents.list')}>
        {documents.isPending ? (
          <CircularProgress aria-label={t('admin.loading')} sx={{ m: 2 }} />
        ) : documents.isError ? (
          <ErrorAlert error={documents.error} sx={{ m: 2 }} />
        ) : rows.length === 0 ? (
          <Typography sx={{ px: 2, pb: 2 }}>{t('admin.documents.none')}</Typography>
        ) : (
          <SimpleTable
            labelledBy="documents-list"
            rows={rows}
            rowKey={(row) => row.key}
            columns={[
              {
                heading: t('admin.documents.key'),
                cell: (row) => (
                  <MuiLink component={Link} to={paths.adminDocument(source, row.key)}>
                    {row.key}
                  </MuiLink>
                ),
                dir: 'ltr',
              },
              { heading: t('admin.documents.title'), cell: (row) => row.title },
              {
                heading: t('admin.documents.updated'),
                cell: (row) => formatInstant(row.updatedAt, i18n.language),
              },
            ]}
          />
        )}
        {documents.hasNextPage && (
          <Box sx={{ p: 2 }}>
            <Button
              variant="outlined"
              loading={documents.isFetchingNextPage}
              onClick={() => documents.fetchNextPage()}
            >
              {t('admin.documents.more')}
            </Button>
          </Box>
        )}
      </ConsolePanel>
    </Stack>
  );
}
