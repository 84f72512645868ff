// Import a file into a source: choose it, upload it for a dry run (progress for the upload and the
// server's check), read every rejected record, then apply it (merge by key or replace the source)
// or cancel; and undo the last import, whose previous versions the server kept.
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppConfig } from '#client/config/app-config';
import type { ImportMode } from '#shared/admin/admin-api';
import { AdminApiError } from './admin-fetch';
import { adminKeys, useSources } from './admin-queries';
import { ConfirmDialog } from './confirm-dialog';
import { ConsolePanel } from './console-panel';
import { ErrorAlert } from './error-alert';
import { formatNumber } from './format';
import {
  applyImport,
  cancelImport,
  checkImport,
  formatOfFile,
  type ImportFormat,
  type ImportOutcome,
  undoImport,
} from './import-api';
import { ProgressBar } from './progress-bar';
import type { Progress } from './progress-lines';
import { RejectionReport } from './rejection-report';
import { SourceSelect } from './source-select';

const formatLabels: Record<ImportFormat, string> = {
  csv: 'admin.import.format_csv',
  ndjson: 'admin.import.format_ndjson',
  json: 'admin.import.format_json',
};

export function ImportPage() {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  const names = Object.keys(useAppConfig().gapSearch.dataSources);
  const [params, setParams] = useSearchParams();
  const source = names.includes(params.get('source') ?? '') ? params.get('source')! : names[0]!;
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [mode, setMode] = useState<ImportMode>('merge');
  const [upload, setUpload] = useState<Progress | null>(null);
  const [serverProgress, setServerProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const onProgress = (progress: Progress) =>
    progress.phase === 'upload' ? setUpload(progress) : setServerProgress(progress);
  const changed = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  const check = useMutation({
    mutationFn: ({ chosen, as }: { chosen: File; as: ImportFormat }) => {
      abort.current = new AbortController();
      setUpload(null);
      setServerProgress(null);
      return checkImport(source, chosen, as, onProgress, abort.current.signal);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit }),
  });
  const apply = useMutation({
    mutationFn: async (id: string) => {
      setServerProgress(null);
      try {
        return await applyImport(id, mode, onProgress);
      } catch (error) {
        // The process answering may not hold the checked upload (several share one address, or an
        // hour went by): the file is sent again, checked and applied in one request.
        if (!(error instanceof AdminApiError && error.code === 'unknown_import') || !file || !format)
          throw error;
        return checkImport(source, file, format, onProgress, undefined, mode);
      }
    },
    onSettled: changed,
  });
  const cancel = useMutation({ mutationFn: cancelImport, onSettled: () => reset() });

  function reset() {
    check.reset();
    apply.reset();
    setFile(null);
    setFormat('');
    if (fileInput.current) fileInput.current.value = '';
  }

  const outcome: ImportOutcome | undefined = check.data;
  const busy = check.isPending || apply.isPending;

  return (
    <Stack spacing={3}>
      <ConsolePanel id="import-file" title={t('admin.import.title')}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
        >
          <SourceSelect
            value={source}
            onChange={(next) => {
              reset();
              setParams({ source: next }, { replace: true });
            }}
          />
          {/* A button opening the file input: a <label> may not take the button role (axe: aria-allowed-role). */}
          <Button
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={busy || !!outcome}
            onClick={() => fileInput.current?.click()}
          >
            {t('admin.import.choose')}
          </Button>
          <input
            ref={fileInput}
            hidden
            type="file"
            accept=".csv,.ndjson,.jsonl,.json,text/csv,application/json"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              setFormat(chosen ? (formatOfFile(chosen.name) ?? '') : '');
            }}
          />
          <TextField
            select
            size="small"
            label={t('admin.import.format')}
            value={format}
            onChange={(event) => setFormat(event.target.value as ImportFormat)}
            disabled={busy || !!outcome}
            sx={{ minWidth: 140 }}
          >
            {Object.entries(formatLabels).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {t(label)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? t('admin.import.chosen', { name: file.name }) : t('admin.import.none_chosen')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={!file || !format || busy || !!outcome}
            loading={check.isPending}
            onClick={() => file && format && check.mutate({ chosen: file, as: format })}
          >
            {t('admin.import.check')}
          </Button>
          {check.isPending && (
            <Button onClick={() => abort.current?.abort()}>{t('admin.import.stop_upload')}</Button>
          )}
        </Stack>
        {busy && (
          <Stack spacing={2} sx={{ mt: 3 }}>
            {upload && check.isPending && <ProgressBar progress={upload} />}
            {serverProgress && <ProgressBar progress={serverProgress} />}
          </Stack>
        )}
        {check.isError && <ErrorAlert error={check.error} sx={{ mt: 2 }} />}
      </ConsolePanel>

      {outcome && (
        <ConsolePanel id="import-report" title={t('admin.import.report')}>
          {outcome.id === null ? (
            <Stack spacing={2}>
              <RejectionReport fileName={file?.name ?? source} outcome={outcome} />
              <Box>
                <Button variant="outlined" onClick={reset}>
                  {t('admin.import.choose_again')}
                </Button>
              </Box>
            </Stack>
          ) : apply.isSuccess && apply.data.applied ? (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {t('admin.import.applied', {
                  inserted: n(apply.data.applied.inserted),
                  updated: n(apply.data.applied.updated),
                  unchanged: n(apply.data.applied.unchanged),
                  deleted: n(apply.data.applied.deleted),
                })}
              </Alert>
              <Box>
                <Button variant="outlined" onClick={reset}>
                  {t('admin.import.another')}
                </Button>
              </Box>
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Alert severity="success" role="status">
                {t('admin.import.clean', { records: n(outcome.records) })}
              </Alert>
              <FormControl disabled={apply.isPending}>
                <FormLabel id="import-mode">{t('admin.import.mode')}</FormLabel>
                <RadioGroup
                  aria-labelledby="import-mode"
                  value={mode}
                  onChange={(event) => setMode(event.target.value as ImportMode)}
                >
                  <FormControlLabel value="merge" control={<Radio />} label={t('admin.import.merge')} />
                  <FormControlLabel value="replace" control={<Radio />} label={t('admin.import.replace')} />
                </RadioGroup>
              </FormControl>
              {apply.isPending && serverProgress && <ProgressBar progress={serverProgress} />}
              {apply.isError && <ErrorAlert error={apply.error} />}
              {apply.isSuccess && !apply.data.applied && (
                <RejectionReport fileName={file?.name ?? source} outcome={apply.data} />
              )}
              <Stack direction="row" spacing={1}>
                <Button
                  variant="contained"
                  loading={apply.isPending}
                  disabled={apply.isSuccess || cancel.isPending}
                  onClick={() => apply.mutate(outcome.id!)}
                >
                  {t('admin.import.apply')}
                </Button>
                <Button
                  disabled={apply.isPending || apply.isSuccess}
                  loading={cancel.isPending}
                  onClick={() => cancel.mutate(outcome.id!)}
                >
                  {t('admin.cancel')}
                </Button>
              </Stack>
            </Stack>
          )}
        </ConsolePanel>
      )}
      <UndoImport source={source} onUndone={changed} />
    </Stack>
  );
}

function UndoImport({ source, onUndone }: { source: string; onUndone: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const undoable = useSources().data?.find((s) => s.name === source)?.undoable ?? false;
  const undo = useMutation({ mutationFn: () => undoImport(source), onSettled: onUndone });
  return (
    <ConsolePanel
      id="undo-import"
      title={t('admin.import.undo_title')}
      hint={
        undoable ? t('admin.import.undo_hint', { source }) : t('admin.import.nothing_to_undo', { source })
      }
    >
      <Button
        variant="outlined"
        color="warning"
        disabled={!undoable}
        loading={undo.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('admin.import.undo')}
      </Button>
      {undo.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('admin.import.undone', {
            restored: formatNumber(undo.data.restored, i18n.language),
            removed: formatNumber(undo.data.removed, i18n.language),
          })}
        </Alert>
      )}
      {undo.isError && <ErrorAlert error={undo.error} sx={{ mt: 2 }} />}
      <ConfirmDialog
        open={confirming}
        title={t('admin.import.undo_confirm_title')}
        text={t('admin.import.undo_confirm', { source })}
        confirmLabel={t('admin.import.undo')}
        onConfirm={() => undo.mutate()}
        onClose={() => setConfirming(false)}
      />
    </ConsolePanel>
  );
}
