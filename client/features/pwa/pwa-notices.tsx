// The service worker's two notices: "ready to work offline" once after the first install, and
// "a new version is available — reload" while a newer version waits.
import { Button, Snackbar } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { reloadIntoLatestVersion, serviceWorkerStore } from './service-worker-store';

/** Above the bottom navigation that phones and tablets show. */
export const noticeOffset = { bottom: { xs: 'calc(72px + env(safe-area-inset-bottom))', lg: 24 } };

/** News, not a warning: announced politely, and not mistaken for a page's alert. */
const politely = { content: { role: 'status' } } as const;

export function PwaNotices() {
  const { t } = useTranslation();
  const offlineReady = useStore(serviceWorkerStore.state, (s) => s.offlineReady);
  const needRefresh = useStore(serviceWorkerStore.state, (s) => s.needRefresh);
  return (
    <>
      <Snackbar
        open={offlineReady && !needRefresh}
        autoHideDuration={6000}
        onClose={(_, reason) => reason !== 'clickaway' && serviceWorkerStore.dismissOfflineReady()}
        message={t('pwa.offline_ready')}
        sx={noticeOffset}
        slotProps={politely}
      />
      <Snackbar
        open={needRefresh}
        message={t('pwa.update_available')}
        sx={noticeOffset}
        slotProps={politely}
        action={
          <>
            <Button color="inherit" size="small" onClick={serviceWorkerStore.dismissNeedRefresh}>
              {t('pwa.later')}
            </Button>
            <Button
              color="secondary"
              size="small"
              variant="contained"
              onClick={() => void reloadIntoLatestVersion()}
            >
              {t('pwa.reload')}
            </Button>
          </>
        }
      />
    </>
  );
}
