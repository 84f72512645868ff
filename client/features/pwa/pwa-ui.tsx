// Everything the installable app shows, mounted once by the root shell: registers the service
// worker after the first render, then the offline badge and, once the visitor has answered the
// consent banner, the worker's notices and the install prompt. The root shell listens for the
// browser's install offer itself, before this module loads.
import { useEffect } from 'react';
import { useConsent } from '#client/consent/use-consent';
import { InstallPrompt } from './install-prompt';
import { OfflineIndicator } from './offline-indicator';
import { PwaNotices } from './pwa-notices';
import { registerServiceWorker } from './service-worker-store';

export function PwaUi() {
  // The consent banner comes first: it, the notices and the install prompt share the screen's foot.
  const consentDecided = useConsent() !== null;
  useEffect(() => {
    // Development serves no /sw.js (Vite's dev server would only answer the shell).
    if (import.meta.env.PROD) registerServiceWorker();
  }, []);
  return (
    <>
      <OfflineIndicator />
      {consentDecided && (
        <>
          <PwaNotices />
          <InstallPrompt />
        </>
      )}
    </>
  );
}
