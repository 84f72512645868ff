// A failed admin call as people read it: the server's own message, or what a network failure means.
import { Alert, type AlertProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AdminApiError } from './admin-fetch';

export function ErrorAlert({ error, ...props }: { error: unknown } & Omit<AlertProps, 'severity'>) {
  const { t } = useTranslation();
  const message =
    error instanceof AdminApiError && error.code === 'network'
      ? t('admin.errors.network')
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <Alert severity="error" role="alert" {...props}>
      {message}
    </Alert>
  );
}
