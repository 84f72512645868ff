// /contact: a message form validated like the server validates it, a clear confirmation once the
// message is stored, and (with the visitor's "preferences" consent) a remembered name and email.
import CheckCircle from '@mui/icons-material/CheckCircle';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { useConsent } from '#client/consent/use-consent';
import { firstDrawnRows } from '#client/lib/first-render';
import { paths } from '#client/paths';
import { type ContactReceipt, contactLimits } from '#shared/contact-message';
import { localeCodes } from '#shared/locales';
import { type ContactFailure, sendContactMessage } from './contact-api';
import { type ContactField, type FieldErrors, validateContact } from './contact-validation';
import { forgetSender, readRememberedSender, rememberSender } from './remembered-sender';

type Values = Record<ContactField, string>;
const MESSAGE_ROWS = 6;
const fields: ContactField[] = ['name', 'email', 'subject', 'message'];
const maxLength: Record<ContactField, number> = {
  name: contactLimits.name,
  email: contactLimits.email,
  subject: contactLimits.subject,
  message: contactLimits.message,
};

function initialValues(): Values {
  const sender = readRememberedSender();
  return { name: sender?.name ?? '', email: sender?.email ?? '', subject: '', message: '' };
}

export function ContactPage() {
  const { t, i18n } = useTranslation();
  const preferencesAllowed = useConsent()?.allowed.includes('preferences') ?? false;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [remember, setRemember] = useState(() => readRememberedSender() !== null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ContactFailure | null>(null);
  const [receipt, setReceipt] = useState<{ receipt: ContactReceipt; values: Values } | null>(null);
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});

  const locale = localeCodes.find((code) => code === i18n.resolvedLanguage);
  const input = { ...values, ...(locale && { locale }) };

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // Re-check a field that already shows a problem, so the message goes as soon as it is fixed.
    if (errors[field])
      setErrors((current) => ({
        ...current,
        [field]: validateContact({ ...input, [field]: value }, t)[field],
      }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateContact(input, t);
    setErrors(found);
    const firstInvalid = fields.find((field) => found[field]);
    if (firstInvalid) {
      inputs.current[firstInvalid]?.focus();
      return;
    }
    setSending(true);
    const result = await sendContactMessage(input);
    setSending(false);
    if (!result.ok) {
      if (result.failure.kind === 'invalid') {
        const serverErrors: FieldErrors = {};
        for (const issue of result.failure.issues) {
          if (fields.includes(issue.path as ContactField)) {
            serverErrors[issue.path as ContactField] = t('validation.invalid_format');
          }
        }
        setErrors(serverErrors);
      }
      setFailure(result.failure);
      return;
    }
    if (remember && preferencesAllowed)
      rememberSender({ name: values.name.trim(), email: values.email.trim() });
    else forgetSender();
    setReceipt({ receipt: result.receipt, values });
  };

  const fieldProps = (field: ContactField) => ({
    label: t(`contact.${field}`),
    required: true,
    fullWidth: true,
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: !!errors[field],
    helperText: errors[field] ?? ' ',
    inputRef: (element: HTMLInputElement | null) => {
      inputs.current[field] = element;
    },
    slotProps: { htmlInput: { maxLength: maxLength[field] } },
  });

  const writeAnother = () => {
    setReceipt(null);
    setValues(initialValues());
    setErrors({});
  };

  const failureText = (f: ContactFailure) => {
    switch (f.kind) {
      case 'invalid':
        return t('contact.failure_invalid');
      case 'rate-limited':
        return t('contact.failure_rate_limited', { count: Math.ceil(f.retryAfterSeconds / 60) });
      case 'server':
        return t('contact.failure_server', { status: f.status });
      case 'network':
        return t('contact.failure_network');
    }
  };

  return (
    <>
      <PageHeader title={t('pages.contact.title')} description={t('pages.contact.description')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3, md: 4 }, maxWidth: 760 }}>
        {receipt ? (
          <Stack spacing={2} role="status" aria-live="polite">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <CheckCircle color="success" sx={{ fontSize: 40 }} />
              <Typography variant="h5" component="h2">
                {t('contact.sent_title')}
              </Typography>
            </Box>
            <Typography>
              {t('contact.sent_text', {
                name: receipt.values.name.trim(),
                subject: receipt.values.subject.trim(),
                email: receipt.values.email.trim(),
              })}
            </Typography>
            <Typography color="text.secondary">
              {t('contact.sent_reference', { reference: receipt.receipt.id.slice(0, 8).toUpperCase() })}
            </Typography>
            <Box>
              <Button variant="outlined" onClick={writeAnother}>
                {t('contact.write_another')}
              </Button>
            </Box>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
            <Stack spacing={1.5}>
              <Typography color="text.secondary">{t('contact.intro')}</Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1.5, sm: 2 }}>
                <TextField {...fieldProps('name')} autoComplete="name" />
                <TextField {...fieldProps('email')} type="email" autoComplete="email" />
              </Stack>
              <TextField {...fieldProps('subject')} />
              <TextField
                {...fieldProps('message')}
                multiline
                minRows={MESSAGE_ROWS}
                slotProps={{
                  htmlInput: {
                    maxLength: maxLength.message,
                    rows: firstDrawnRows(values.message, MESSAGE_ROWS),
                  },
                }}
                helperText={
                  errors.message ??
                  t('contact.message_count', { count: values.message.length, max: contactLimits.message })
                }
              />
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={remember && preferencesAllowed}
                      disabled={!preferencesAllowed}
                      onChange={(event) => setRemember(event.target.checked)}
                    />
                  }
                  label={t('contact.remember')}
                />
                <FormHelperText sx={{ mt: 0 }}>
                  {preferencesAllowed ? (
                    t('contact.remember_help')
                  ) : (
                    <>
                      {t('contact.remember_needs_consent')}{' '}
                      <Link component={RouterLink} to={paths.cookieSettings()}>
                        {t('contact.cookie_settings_link')}
                      </Link>
                    </>
                  )}
                </FormHelperText>
              </Box>
              {failure && <Alert severity="error">{failureText(failure)}</Alert>}
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Button type="submit" variant="contained" size="large" disabled={sending}>
                  {sending ? t('contact.sending') : t('contact.send')}
                </Button>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 220 }}>
                  {t('contact.privacy')}
                </Typography>
              </Box>
            </Stack>
          </Box>
        )}
      </Paper>
    </>
  );
}
