// An unobtrusive "offline" badge while the browser has no connection.
import CloudOff from '@mui/icons-material/CloudOff';
import { Chip } from '@mui/material';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function OfflineIndicator() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <Chip
      role="status"
      icon={<CloudOff />}
      label={t('pwa.offline')}
      size="small"
      color="warning"
      sx={{
        position: 'fixed',
        top: 'calc(64px + env(safe-area-inset-top))',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.appBar + 1,
        boxShadow: 2,
      }}
    />
  );
}
