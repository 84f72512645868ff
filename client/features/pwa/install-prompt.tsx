// The install prompt (spec §2): shown while the browser offers installation, until the user
// installs or dismisses it.
import InstallMobile from '@mui/icons-material/InstallMobile';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useAppConfig } from '#client/config/app-config';
import { installPromptStore } from './install-prompt-store';
import { noticeOffset } from './pwa-notices';

export function InstallPrompt() {
  const { t } = useTranslation();
  const { platformName } = useAppConfig();
  const offered = useStore(installPromptStore.state, installPromptStore.offered);
  if (!offered) return null;
  return (
    <Paper
      role="region"
      aria-label={t('pwa.install_title', { name: platformName })}
      elevation={6}
      sx={{
        position: 'fixed',
        insetInlineEnd: { xs: 8, sm: 24 },
        insetInlineStart: { xs: 8, sm: 'auto' },
        ...noticeOffset,
        maxWidth: 400,
        p: 2,
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <InstallMobile color="primary" aria-hidden />
        <Stack spacing={1} sx={{ flex: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {t('pwa.install_title', { name: platformName })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('pwa.install_text')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={installPromptStore.dismiss}>{t('pwa.not_now')}</Button>
            <Button variant="contained" onClick={() => void installPromptStore.install()}>
              {t('pwa.install')}
            </Button>
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
}
