// /modules/storage/checksum: a value, the canonical JSON its crc32c is taken of, the checksum
// itself, and stored items whose checksum is checked on every read, so corruption is detected.
import { Alert, Box, Button, FormControlLabel, Paper, Stack, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '#client/components/page-header';
import { kvStore } from '#client/kv/app-kv';
import { useKvItems } from '#client/kv/use-kv';
import { isIntact, type KvItem } from '#shared/kv/kv-item';
import { canonicalJson, type JsonValue, valueChecksum } from '#shared/kv/kv-value';
import { ItemForm } from './item-form';
import { ItemStateChip } from './item-state';
import { ItemTable, ReadsAs } from './item-table';

const hex = (checksum: number) => `0x${checksum.toString(16).padStart(8, '0')}`;

/** The value a fault on disk might leave: one character or digit different. */
function damaged(value: JsonValue): JsonValue {
  if (typeof value === 'number') return value + 1;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const last = text.at(-1) ?? '';
  return `${text.slice(0, -1)}${last === '#' ? '%' : '#'}`;
}

function parsed(text: string, asJson: boolean): { value: JsonValue } | { error: true } {
  if (!asJson) return { value: text };
  try {
    return { value: JSON.parse(text) as JsonValue };
  } catch {
    return { error: true };
  }
}

export function ChecksumPage() {
  const { t } = useTranslation();
  const { ready, items } = useKvItems();
  const [text, setText] = useState(() => t('storage.checksum.default_value'));
  const [asJson, setAsJson] = useState(false);
  const current = parsed(text, asJson);
  const stored = items.filter((item) => !item.meta.removed);
  const corrupted = stored.filter((item) => !isIntact(item));

  const store = async (key: string) => {
    await kvStore.set(key, asJson ? (JSON.parse(text) as JsonValue) : text);
  };

  const checksumCell = (checksum: number, ok: boolean) => (
    <Box component="code" sx={{ color: ok ? 'text.primary' : 'error.main' }}>
      {hex(checksum)}
    </Box>
  );

  return (
    <>
      <PageHeader
        title={t('pages.storage_checksum.title')}
        description={t('pages.storage_checksum.description')}
      />
      <Stack spacing={3}>
        <ItemForm
          title={t('storage.checksum.form_title')}
          defaultKey={t('storage.checksum.default_key')}
          value={text}
          onValueChange={setText}
          onStore={store}
          multiline
          footer={
            <Paper variant="outlined" sx={{ p: 2, bgcolor: 'action.hover' }}>
              <Typography variant="body2" color="text.secondary">
                {t('storage.checksum.canonical')}
              </Typography>
              <Box component="code" sx={{ display: 'block', overflowWrap: 'anywhere', my: 0.5 }}>
                {'value' in current ? canonicalJson(current.value) : t('storage.errors.not_json')}
              </Box>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('storage.checksum.crc32c')}
              </Typography>
              <Typography
                component="output"
                aria-live="polite"
                sx={{ fontFamily: 'monospace', fontSize: 20 }}
              >
                {'value' in current
                  ? `${hex(valueChecksum(current.value))} (${valueChecksum(current.value)})`
                  : '—'}
              </Typography>
            </Paper>
          }
        >
          <FormControlLabel
            control={<Switch checked={asJson} onChange={(event) => setAsJson(event.target.checked)} />}
            label={t('storage.checksum.parse_json')}
          />
        </ItemForm>
        {corrupted.length > 0 && (
          <Alert severity="error">
            {t('storage.checksum.detected', { keys: corrupted.map((item) => item.key).join(', ') })}
          </Alert>
        )}
        <ItemTable
          id="checksums-title"
          title={t('storage.checksum.list_title')}
          description={t('storage.checksum.corrupt_hint')}
          ready={ready}
          empty={t('storage.empty')}
          items={stored}
          columns={[
            {
              label: t('storage.checksum.column_stored'),
              cell: (item: KvItem) => checksumCell(item.meta.checksum, isIntact(item)),
            },
            {
              label: t('storage.checksum.column_computed'),
              cell: (item: KvItem) => checksumCell(valueChecksum(item.value), isIntact(item)),
            },
            { label: t('storage.state_column'), cell: (item) => <ItemStateChip item={item} /> },
            { label: t('storage.reads_as'), cell: (item) => <ReadsAs itemKey={item.key} /> },
          ]}
          actions={(item) => (
            <>
              <Button
                size="small"
                color="warning"
                disabled={!isIntact(item)}
                onClick={() => void kvStore.tamper(item.key, damaged(item.value))}
              >
                {t('storage.checksum.corrupt')}
              </Button>
              <Button size="small" onClick={() => void kvStore.remove(item.key)}>
                {t('storage.remove')}
              </Button>
            </>
          )}
        />
      </Stack>
    </>
  );
}
