// The "store an item" form of the storage pages: a key, a value, page-specific fields, and the
// store's refusal (a bad key, a value too large…) shown under the fields.
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kvLimits } from '#shared/kv/kv-item';
import { storeErrorText } from './store-error-text';

export function ItemForm({
  title,
  defaultKey,
  value,
  onValueChange,
  onStore,
  multiline = false,
  children,
  footer,
}: {
  title: string;
  defaultKey: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Stores the item; a thrown or rejected error is shown. */
  onStore: (key: string) => Promise<void>;
  multiline?: boolean;
  /** Extra fields beside the value. */
  children?: ReactNode;
  /** Shown under the buttons. */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const [key, setKey] = useState(defaultKey);
  const [error, setError] = useState<string | null>(null);
  const [stored, setStored] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setStored(null);
    try {
      await onStore(key);
      setStored(key);
    } catch (refusal) {
      setError(storeErrorText(t, refusal));
    }
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(event) => void submit(event)}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('storage.key')}
            value={key}
            onChange={(event) => setKey(event.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: kvLimits.keyLength, spellCheck: false } }}
            sx={{ minWidth: { sm: 200 } }}
          />
          <TextField
            label={t('storage.value')}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            fullWidth
            multiline={multiline}
            minRows={multiline ? 2 : undefined}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </Stack>
        {children}
        {error && <Alert severity="error">{error}</Alert>}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained">
            {t('storage.store')}
          </Button>
          {stored && (
            <Typography role="status" variant="body2" color="text.secondary">
              {t('storage.stored', { key: stored })}
            </Typography>
          )}
        </Box>
        {footer}
      </Stack>
    </Paper>
  );
}
