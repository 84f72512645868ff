// Lookups: find a coded value by id or label and edit its label in each interface language, saved
// with the admin GraphQL mutation (the server announces the change to every process).
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleTable } from '#client/components/simple-table';
import { AdminLookupsDocument, SaveLookupDocument } from '#client/graphql/generated/operations';
import { useGraphqlClient } from '#client/graphql/graphql-provider';
import { graphqlQueryOptions } from '#client/graphql/use-graphql-query';
import { locales } from '#shared/locales';
import { ConsolePanel } from './console-panel';
import { ErrorAlert } from './error-alert';
import { formatNumber } from './format';

interface Lookup {
  id: string;
  values: string[];
}

/** Rows shown at once: a source may have thousands of lookups; the filter finds the others. */
const SHOWN = 100;

export function LookupsPage() {
  const { t, i18n } = useTranslation();
  const client = useGraphqlClient();
  const queryClient = useQueryClient();
  const lookups = useQuery(graphqlQueryOptions(client, AdminLookupsDocument));
  const [filter, setFilter] = useState('');
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const [editing, setEditing] = useState<Lookup | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  if (lookups.isPending) return <CircularProgress aria-label={t('admin.loading')} />;
  if (lookups.isError) return <ErrorAlert error={lookups.error} />;
  const matching = lookups.data.lookups.filter(
    (lookup) =>
      !needle ||
      lookup.id.toLowerCase().includes(needle) ||
      lookup.values.some((value) => value.toLowerCase().includes(needle)),
  );
  const n = (value: number) => formatNumber(value, i18n.language);
  return (
    <Stack spacing={3}>
      <TextField
        size="small"
        type="search"
        label={t('admin.lookups.filter')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        sx={{ maxWidth: 420 }}
      />
      <Box aria-live="polite">
        {saved && (
          <Alert severity="success" onClose={() => setSaved(null)}>
            {t('admin.lookups.saved', { id: saved })}
          </Alert>
        )}
      </Box>
      <ConsolePanel list id="lookups-list" title={t('admin.nav.lookups')}>
        {matching.length === 0 ? (
          <Typography sx={{ px: 2, pb: 2 }}>{t('admin.lookups.none')}</Typography>
        ) : (
          <SimpleTable
            labelledBy="lookups-list"
            rows={matching.slice(0, SHOWN)}
            rowKey={(lookup) => lookup.id}
            columns={[
              {
                heading: t('admin.lookups.id'),
                cell: (l) => l.id,
                dir: 'ltr',
                sx: { fontFamily: 'monospace' },
              },
              ...locales.map((locale, index) => ({
                heading: locale.name,
                cell: (l: Lookup) => (
                  <span lang={locale.code} dir={locale.dir}>
                    {l.values[index] ?? ''}
                  </span>
                ),
              })),
              {
                heading: t('admin.people.actions'),
                cell: (l) => (
                  <Button
                    size="small"
                    onClick={() => setEditing(l)}
                    aria-label={`${t('admin.lookups.edit')}: ${l.id}`}
                  >
                    {t('admin.lookups.edit')}
                  </Button>
                ),
              },
            ]}
          />
        )}
        {matching.length > SHOWN && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('admin.lookups.shown', { shown: n(SHOWN), total: n(matching.length) })}
          </Typography>
        )}
      </ConsolePanel>
      {editing && (
        <LookupDialog
          lookup={editing}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setSaved(id);
            // The console's copy and the labels every other screen shows.
            void queryClient.invalidateQueries({ queryKey: ['graphql'] });
            void queryClient.invalidateQueries({ queryKey: ['lookups'] });
          }}
        />
      )}
    </Stack>
  );
}

function LookupDialog({
  lookup,
  onClose,
  onSaved,
}: {
  lookup: Lookup;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const client = useGraphqlClient();
  const [values, setValues] = useState(() => locales.map((_, index) => lookup.values[index] ?? ''));
  const save = useMutation({
    mutationFn: () => client!.request(SaveLookupDocument, { id: lookup.id, values }),
    onSuccess: () => {
      onSaved(lookup.id);
      onClose();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={id}
      fullWidth
      maxWidth="sm"
      slotProps={{
        paper: {
          component: 'form',
          onSubmit: (event: FormEvent) => {
            event.preventDefault();
            save.mutate();
          },
        },
      }}
    >
      <DialogTitle id={id}>{t('admin.lookups.edit_title', { id: lookup.id })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {locales.map((locale, index) => (
            <TextField
              key={locale.code}
              label={locale.name}
              value={values[index]}
              autoFocus={index === 0}
              onChange={(event) =>
                setValues(values.map((value, i) => (i === index ? event.target.value : value)))
              }
              slotProps={{ htmlInput: { lang: locale.code, dir: locale.dir } }}
              fullWidth
            />
          ))}
          {save.isError && <ErrorAlert error={save.error} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('admin.lookups.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
