// One document of a source: its configured properties as form fields, the rest as JSON; saved
// through the server's validation (each reason shown on its field), or deleted after a confirmation.
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppConfig } from '#client/config/app-config';
import { paths } from '#client/paths';
import type { DocumentDetail } from '#shared/admin/admin-api';
import { apiPaths } from '#shared/api-paths';
import type { DataSourceConfig } from '#shared/app-config';
import { AdminApiError, adminFetch } from './admin-fetch';
import { adminKeys } from './admin-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ConsolePanel } from './console-panel';
import { type DocumentFormValues, documentOf, formFields, formValues, issuesByField } from './document-form';
import { ErrorAlert } from './error-alert';
import { formatInstant } from './format';

export function DocumentPage({ sourceName, documentKey }: { sourceName: string; documentKey: string }) {
  const { t } = useTranslation();
  const dataSources = useAppConfig().gapSearch.dataSources;
  const source = Object.hasOwn(dataSources, sourceName) ? dataSources[sourceName] : undefined;
  const detail = useQuery({
    queryKey: adminKeys.document(sourceName, documentKey),
    queryFn: ({ signal }) =>
      adminFetch<DocumentDetail>(apiPaths.admin.document(sourceName, documentKey), { signal }),
    enabled: !!source,
  });
  return (
    <Stack spacing={2}>
      <Box>
        <Button
          component={Link}
          to={paths.adminDocuments(sourceName)}
          startIcon={
            <ArrowBack
              sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
            />
          }
        >
          {t('admin.document.back')}
        </Button>
      </Box>
      {!source ? (
        <ErrorAlert error={new Error(`${sourceName}?`)} />
      ) : detail.isPending ? (
        <CircularProgress aria-label={t('admin.loading')} />
      ) : detail.isError ? (
        <ErrorAlert error={detail.error} />
      ) : (
        <DocumentEditor source={source} sourceName={sourceName} detail={detail.data} />
      )}
    </Stack>
  );
}

function DocumentEditor({
  source,
  sourceName,
  detail,
}: {
  source: DataSourceConfig;
  sourceName: string;
  detail: DocumentDetail;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<DocumentFormValues>(() => formValues(source, detail.document));
  const [jsonInvalid, setJsonInvalid] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: (document: Record<string, unknown>) =>
      adminFetch<DocumentDetail>(apiPaths.admin.document(sourceName, detail.key), {
        method: 'PUT',
        body: document,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.document(sourceName, detail.key), saved);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const remove = useMutation({
    mutationFn: () => adminFetch<void>(apiPaths.admin.document(sourceName, detail.key), { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      navigate(paths.adminDocuments(sourceName), { replace: true });
    },
  });
  const issues = issuesByField(save.error instanceof AdminApiError ? save.error.issues : []);
  const fieldIssues = (property: string) => issues.get(property)?.join('; ');
  const known = new Set(['', ...formFields(source).map((f) => f.property)]);
  const unplaced = [...issues].filter(([field]) => !known.has(field)).flatMap(([, messages]) => messages);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const document = documentOf(source, detail.key, detail.document, values);
    setJsonInvalid(document === null);
    if (document) save.mutate(document);
  };
  const setField = (property: string, text: string) =>
    setValues((current) => ({ ...current, fields: { ...current.fields, [property]: text } }));

  return (
    <ConsolePanel
      id="document-title"
      // Isolated: a title in another script keeps its order and the heading the page's alignment.
      title={<bdi>{String(detail.document[source.titleProperty] ?? detail.key)}</bdi>}
      hint={
        <>
          <span dir="ltr">
            {sourceName} / {detail.key}
          </span>{' '}
          · {t('admin.documents.updated')}: {formatInstant(detail.updatedAt, i18n.language)} ·{' '}
          {t('admin.document.rank')}: {detail.rank}
        </>
      }
      onSubmit={submit}
      noValidate
    >
      <Stack spacing={2.5}>
        {formFields(source).map(({ property, list }) => (
          <TextField
            key={property}
            label={property}
            value={values.fields[property] ?? ''}
            onChange={(event) => setField(property, event.target.value)}
            multiline={list}
            minRows={list ? 2 : undefined}
            maxRows={list ? 10 : undefined}
            error={!!fieldIssues(property)}
            helperText={fieldIssues(property) ?? (list ? t('admin.document.list_help') : undefined)}
            fullWidth
          />
        ))}
        <TextField
          label={t('admin.document.other')}
          value={values.other}
          onChange={(event) => setValues((current) => ({ ...current, other: event.target.value }))}
          multiline
          minRows={4}
          maxRows={20}
          error={jsonInvalid || unplaced.length > 0}
          helperText={
            jsonInvalid
              ? t('admin.document.invalid_json')
              : unplaced.join('; ') || t('admin.document.other_help')
          }
          fullWidth
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        {save.isError && <ErrorAlert error={save.error} />}
        {save.isSuccess && (
          <Alert severity="success" role="status">
            {t('admin.document.saved')}
          </Alert>
        )}
        {remove.isError && <ErrorAlert error={remove.error} />}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={save.isPending}>
            {t('admin.document.save')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button color="error" loading={remove.isPending} onClick={() => setConfirming(true)}>
            {t('admin.document.delete')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('admin.document.delete_title')}
        text={t('admin.document.delete_text', { key: detail.key, source: sourceName })}
        confirmLabel={t('admin.document.delete')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </ConsolePanel>
  );
}
