// /modules/auth/loginStatus: the auth state of spec §3 (data, loading, lastRefreshedAt, status),
// updated live, with buttons to refresh the session and to sign in or out.
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '#client/paths';
import { authStore } from './auth-store';
import { formatDateTime } from './format-date-time';
import { UnbackedItemsDialog } from './unbacked-items-dialog';
import { useAuth } from './use-auth';
import { useSignOut } from './use-sign-out';

export function LoginStatusPanel() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const { signOutAndLeave, busy, failed, held, signOutAnyway, staySignedIn } = useSignOut();
  const rows: [string, ReactNode][] = [
    [
      'status',
      <Chip
        key="status"
        size="small"
        color={auth.status === 'authenticated' ? 'success' : 'default'}
        label={t(`auth.status.${auth.status}`)}
      />,
    ],
    ['loading', auth.loading ? t('yes') : t('no')],
    [
      'lastRefreshedAt',
      auth.lastRefreshedAt ? formatDateTime(auth.lastRefreshedAt, i18n.resolvedLanguage) : '—',
    ],
    [
      'data',
      <Box
        key="data"
        component="pre"
        sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {JSON.stringify(auth.data, null, 2)}
      </Box>,
    ],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3, maxWidth: 760 }}>
      <Box
        component="dl"
        aria-live="polite"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: { sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 1.5,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" loading={auth.loading} onClick={() => void authStore.refresh()}>
          {t('auth.login_status.refresh')}
        </Button>
        {auth.status === 'authenticated' ? (
          <Button variant="contained" loading={busy} onClick={() => void signOutAndLeave()}>
            {t('auth.sign_out')}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={paths.login(paths.authLoginStatus())}>
            {t('auth.sign_in')}
          </Button>
        )}
      </Stack>
      {failed && (
        <Typography role="alert" color="error" sx={{ mt: 2 }}>
          {t('auth.sign_out_failed')}
        </Typography>
      )}
      <UnbackedItemsDialog
        held={held}
        busy={busy}
        onSignOut={() => void signOutAnyway()}
        onStay={staySignedIn}
      />
    </Paper>
  );
}
