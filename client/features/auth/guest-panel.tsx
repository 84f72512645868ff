// /modules/auth/guest: what a signed-out visitor may do, and the way in.
import Login from '@mui/icons-material/Login';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '#client/paths';

export function GuestPanel() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, maxWidth: 640 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2">
          {t('auth.guest.title')}
        </Typography>
        <Typography color="text.secondary">{t('auth.guest.body')}</Typography>
        <Button
          variant="contained"
          startIcon={<Login />}
          component={RouterLink}
          to={paths.login(paths.authGuest())}
        >
          {t('auth.sign_in')}
        </Button>
      </Stack>
    </Paper>
  );
}
