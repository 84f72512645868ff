// /modules/storage/expiry: store items with a time to live or an expiry date, and watch them
// expire: the countdown runs out, the state turns to expired and the item reads as absent.
import { Alert, Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { kvStore } from '#client/kv/app-kv';
import { useKvItems } from '#client/kv/use-kv';
import { useInitialNow } from '#client/lib/first-render';
import { ItemForm } from './item-form';
import { ItemStateChip } from './item-state';
import { ItemTable, ReadsAs } from './item-table';
import { useNow } from './use-now';

type Mode = 'ttl' | 'expiry';

/** `date` as a datetime-local input value (local time, to the second). */
function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 19);
}

/** "in 8 seconds", "3 minutes ago"…: seconds up to two minutes, then coarser units. */
function countdown(format: Intl.RelativeTimeFormat, ms: number): string {
  const seconds = Math.round(ms / 1000);
  const size = Math.abs(seconds);
  if (size < 120) return format.format(seconds, 'second');
  if (size < 2 * 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (size < 2 * 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

export function ExpiryPage() {
  const { t, i18n } = useTranslation();
  const initialNow = useInitialNow();
  const now = useNow(250);
  const { ready, items } = useKvItems();
  const [value, setValue] = useState(() => t('storage.expiry.default_value'));
  const [mode, setMode] = useState<Mode>('ttl');
  const [ttl, setTtl] = useState('10');
  const [expiry, setExpiry] = useState(() => localInputValue(new Date(initialNow().getTime() + 60_000)));
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' });
  const expiring = items.filter((item) => item.meta.expiry !== null && !item.meta.removed);

  const store = (key: string) =>
    kvStore.set(key, value, mode === 'ttl' ? { ttl: Number(ttl) } : { expiry: new Date(expiry) });

  return (
    <>
      <PageHeader
        title={t('pages.storage_expiry.title')}
        description={t('pages.storage_expiry.description')}
      />
      <Stack spacing={3}>
        <ItemForm
          title={t('storage.expiry.form_title')}
          defaultKey={t('storage.expiry.default_key')}
          value={value}
          onValueChange={setValue}
          onStore={store}
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={mode}
              onChange={(_event, next: Mode | null) => next && setMode(next)}
              aria-label={t('storage.expiry.mode')}
            >
              <ToggleButton value="ttl">{t('storage.expiry.mode_ttl')}</ToggleButton>
              <ToggleButton value="expiry">{t('storage.expiry.mode_expiry')}</ToggleButton>
            </ToggleButtonGroup>
            {mode === 'ttl' ? (
              <TextField
                type="number"
                label={t('storage.expiry.ttl_seconds')}
                value={ttl}
                onChange={(event) => setTtl(event.target.value)}
                slotProps={{ htmlInput: { min: 1, step: 1 } }}
                sx={{ maxWidth: 200 }}
              />
            ) : (
              <TextField
                type="datetime-local"
                label={t('storage.expiry.expires_at')}
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
                slotProps={{ htmlInput: { step: 1 }, inputLabel: { shrink: true } }}
                sx={{ maxWidth: 280 }}
              />
            )}
          </Stack>
        </ItemForm>
        <Alert severity="info">{t('storage.expiry.note')}</Alert>
        <ItemTable
          id="expiring-title"
          title={t('storage.expiry.list_title')}
          ready={ready}
          empty={t('storage.expiry.list_empty')}
          items={expiring}
          columns={[
            {
              label: t('storage.expiry.column_expires'),
              cell: (item) => time.format(new Date(item.meta.expiry!)),
            },
            {
              label: t('storage.expiry.column_countdown'),
              cell: (item) => countdown(relative, Date.parse(item.meta.expiry!) - now.getTime()),
            },
            { label: t('storage.state_column'), cell: (item) => <ItemStateChip item={item} /> },
            { label: t('storage.reads_as'), cell: (item) => <ReadsAs itemKey={item.key} /> },
          ]}
          actions={(item) => (
            <Button size="small" onClick={() => void kvStore.remove(item.key)}>
              {t('storage.remove')}
            </Button>
          )}
        />
      </Stack>
    </>
  );
}
