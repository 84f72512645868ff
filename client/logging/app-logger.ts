// The app's one client logger, wired to the browser: threshold by build, POSTs to
// /api/send-log-to-gcp, sendBeacon when the page is hidden, and a flush when the network returns.
import { apiPaths } from '../../shared/api-paths';
import { writeToConsole } from './log-transport';
import { ClientLogger } from './logger';
import { defaultThreshold } from './threshold';

/** Random per page load; only this page load knows it, so it may read its own entries back. */
function randomInstanceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const appLogger = new ClientLogger({
  threshold: defaultThreshold(import.meta.env.PROD),
  instanceId: randomInstanceId(),
  transport: { endpoint: apiPaths.sendLog },
  ...(import.meta.env.DEV && { echo: (entry) => writeToConsole([entry]) }),
});

window.addEventListener('pagehide', () => appLogger.flushWithBeacon());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') appLogger.flushWithBeacon();
});
window.addEventListener('online', () => void appLogger.flush());
