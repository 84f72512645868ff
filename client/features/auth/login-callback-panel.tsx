// /loginCallbackUrl: where the email link and OAuth providers return. Re-reads the session, then
// continues to the page sign-in started from (its callbackUrl), or back to sign-in if it failed.
import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '#client/paths';
import { SESSION_REQUIRED } from '#shared/auth';
import { appPathOf } from './app-path';
import { authStore } from './auth-store';

export function LoginCallbackPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = appPathOf(params.get('callbackUrl'), paths.index());
  const titleId = useId();

  useEffect(() => {
    let cancelled = false;
    void authStore.refresh('signIn').then(({ status }) => {
      if (cancelled) return;
      void navigate(status === 'authenticated' ? target : paths.login(target, SESSION_REQUIRED), {
        replace: true,
      });
    });
    return () => {
      cancelled = true;
    };
  }, [navigate, target]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 8 }} role="status">
      <CircularProgress aria-labelledby={titleId} />
      <Typography id={titleId} variant="h5" component="h1">
        {t('pages.login_callback.title')}
      </Typography>
      <Typography color="text.secondary">{t('pages.login_callback.description')}</Typography>
    </Box>
  );
}
