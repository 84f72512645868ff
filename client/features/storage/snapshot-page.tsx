// /modules/storage/snapshot: the items on this device, the snapshot in the server backup, a sync
// button and the result of the last sync; both ways of removing an item are offered.
import { Alert, Box, Button, Chip, CircularProgress, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { kvStore, kvSync } from '#client/kv/app-kv';
import { httpBackupApi } from '#client/kv/backup-api';
import { useKvItems, useKvSyncState } from '#client/kv/use-kv';
import { paths } from '#client/paths';
import { fromSnapshot } from '#shared/kv/kv-snapshot';
import { expire } from '#shared/kv/kv-transitions';
import { ItemForm } from './item-form';
import { ItemStateChip } from './item-state';
import { type ItemColumn, ItemTable } from './item-table';

/** The spec's message for a sync without a session, shown in the interface language. */
const NOT_AUTHENTICATED = 'not authenticated';

/** `sessionOn` says whether the session holds when the backup would be fetched (no 401 at sign-out). */
export function SnapshotPage({ sessionOn }: { sessionOn: () => boolean }) {
  const { t, i18n } = useTranslation();
  const { ready, items } = useKvItems();
  const sync = useKvSyncState();
  const [value, setValue] = useState(() => t('storage.snapshot.default_value'));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const owner = kvStore.owner();
  const last = sync.lastResult;

  const server = useQuery({
    queryKey: ['kv-backup', owner, last?.at],
    queryFn: ({ signal }) => httpBackupApi.fetchSnapshot(owner, signal),
    enabled: () => sync.signedIn && sessionOn(),
    retry: false,
  });
  const now = new Date();
  const serverItems = server.data
    ? [...fromSnapshot(server.data).values()]
        .sort((a, b) => (a.key < b.key ? -1 : 1))
        .map((record) => expire(record, now))
    : [];
  const columns: ItemColumn[] = [
    { label: t('storage.updated'), cell: (item) => time.format(new Date(item.meta.updated)) },
    { label: t('storage.state_column'), cell: (item) => <ItemStateChip item={item} /> },
  ];

  // The message ends the sentence: a server's own full stop is not doubled.
  const errorText = (error: string) =>
    error === NOT_AUTHENTICATED ? t('storage.snapshot.not_authenticated') : error.replace(/\.$/, '');

  return (
    <>
      <PageHeader
        title={t('pages.storage_snapshot.title')}
        description={t('pages.storage_snapshot.description')}
      />
      <Stack spacing={3}>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="sync-title"
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography id="sync-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 160 }}>
              {t('storage.snapshot.sync_title')}
            </Typography>
            <Chip
              size="small"
              color={sync.signedIn ? 'success' : 'default'}
              label={sync.signedIn ? t('storage.snapshot.signed_in') : t('storage.snapshot.signed_out')}
            />
            <Chip
              size="small"
              color={sync.online ? 'success' : 'warning'}
              label={sync.online ? t('storage.snapshot.online') : t('storage.snapshot.offline')}
            />
            <Button
              variant="contained"
              onClick={() => void kvSync.sync().catch(() => {})}
              disabled={sync.syncing}
              startIcon={sync.syncing ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {sync.syncing ? t('storage.snapshot.syncing') : t('storage.snapshot.sync')}
            </Button>
          </Box>
          <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
            {!last && <Typography color="text.secondary">{t('storage.snapshot.never')}</Typography>}
            {last?.ok && (
              <Alert severity="success">
                {t('storage.snapshot.last_ok', {
                  time: time.format(new Date(last.at)),
                  sent: last.sent,
                  entries: last.entries,
                  changed: last.changed,
                })}
              </Alert>
            )}
            {last && !last.ok && (
              <Alert severity="error">
                {t('storage.snapshot.last_failed', {
                  time: time.format(new Date(last.at)),
                  error: errorText(last.error ?? ''),
                })}
              </Alert>
            )}
          </Box>
          {!sync.signedIn && (
            <Typography variant="body2" sx={{ mt: 2 }}>
              {t('storage.snapshot.sign_in_hint')}{' '}
              <Link component={RouterLink} to={paths.login(paths.storageSnapshot())}>
                {t('storage.snapshot.sign_in')}
              </Link>
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('storage.snapshot.auto_note')}
          </Typography>
        </Paper>
        <ItemForm
          title={t('storage.snapshot.form_title')}
          defaultKey={t('storage.snapshot.default_key')}
          value={value}
          onValueChange={setValue}
          onStore={(key) => kvStore.set(key, value)}
        />
        <ItemTable
          id="local-title"
          title={t('storage.snapshot.local_title')}
          description={t('storage.snapshot.local_text')}
          ready={ready}
          empty={t('storage.empty')}
          items={items}
          columns={columns}
          actions={(item) => (
            <>
              {!item.meta.removed && (
                <Button size="small" onClick={() => void kvStore.remove(item.key)}>
                  {t('storage.remove')}
                </Button>
              )}
              <Button
                size="small"
                color="inherit"
                onClick={() => void kvStore.remove(item.key, { persist: false })}
              >
                {t('storage.snapshot.forget_here')}
              </Button>
            </>
          )}
        />
        <ItemTable
          id="server-title"
          title={t('storage.snapshot.server_title')}
          description={t('storage.snapshot.server_text')}
          ready={!!server.data}
          empty={t('storage.snapshot.server_empty')}
          notice={
            !sync.signedIn ? (
              t('storage.snapshot.server_signed_out')
            ) : server.isError ? (
              <Alert severity="error">{t('storage.snapshot.server_error')}</Alert>
            ) : undefined
          }
          items={serverItems}
          columns={columns}
        />
      </Stack>
    </>
  );
}
