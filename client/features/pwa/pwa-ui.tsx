// Everything the installable app shows, mounted once by the root shell: registers the service
// worker after the first render, then its notices, the install prompt and the offline badge. The
// root shell listens for the browser's install offer itself, before this module loads.
import { useEffect } from 'react';
import { InstallPrompt } from './install-prompt';
import { OfflineIndicator } from './offline-indicator';
import { PwaNotices } from './pwa-notices';
import { registerServiceWorker } from './service-worker-store';

export function PwaUi() {
  useEffect(() => {
    // Development serves no /sw.js (Vite's dev server would only answer the shell).
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  return (
    <>
      <OfflineIndicator />
      <PwaNotices />
      <InstallPrompt />
    </>
  );
}
