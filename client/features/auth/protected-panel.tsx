// /modules/auth/protected: proof of being signed in — who, until when, and what is now open.
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '#client/paths';
import { formatDateTime } from './format-date-time';
import { useAuth } from './use-auth';

export function ProtectedPanel() {
  const { t, i18n } = useTranslation();
  const data = useAuth((s) => s.data);
  if (!data) return null;
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, maxWidth: 640 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {t('auth.protected.welcome', { name: data.user.name ?? data.user.email })}
        </Typography>
        <Typography>{t('auth.protected.body', { email: data.user.email })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('auth.protected.expires', { date: formatDateTime(data.expires, i18n.resolvedLanguage) })}
        </Typography>
        <Button variant="outlined" component={RouterLink} to={paths.authLoginStatus()}>
          {t('nav.login_status')}
        </Button>
      </Stack>
    </Paper>
  );
}
