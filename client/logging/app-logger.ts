// The app's one client logger, wired to the browser: threshold by build, POSTs to
// /api/send-log-to-gcp, sendBeacon when the page is hidden (offline: kept in localStorage for the
// next page), and a flush when the network returns.
import { apiPaths } from '#shared/api-paths';
import type { ClientLogEntry } from '#shared/client-log';
import { type PendingLogs, writeToConsole } from './log-transport';
import { ClientLogger } from './logger';
import { defaultThreshold } from './threshold';

/** Random per page load; only this page load knows it, so it may read its own entries back. */
function randomInstanceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const PENDING_KEY = 'sift-logs:pending';

/** localStorage, the newest 200 entries at most; a full or blocked storage keeps nothing. */
const pendingLogs: PendingLogs = {
  save(entries) {
    try {
      const kept = [...pendingLogs.take(), ...entries].slice(-200);
      localStorage.setItem(PENDING_KEY, JSON.stringify(kept));
    } catch {}
  },
  take() {
    try {
      const saved = JSON.parse(localStorage.getItem(PENDING_KEY) ?? '[]') as ClientLogEntry[];
      localStorage.removeItem(PENDING_KEY);
      return Array.isArray(saved) ? saved : [];
    } catch {
      return [];
    }
  },
};

export const appLogger = new ClientLogger({
  threshold: defaultThreshold(import.meta.env.PROD),
  instanceId: randomInstanceId(),
  transport: { endpoint: apiPaths.sendLog, pending: pendingLogs },
  ...(import.meta.env.DEV && { echo: (entry) => writeToConsole([entry]) }),
});

// In the browser only: the render bundle (docs/rendering.md) loads this module on the server too.
if (!import.meta.env.SSR) {
  window.addEventListener('pagehide', () => appLogger.flushWithBeacon());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') appLogger.flushWithBeacon();
  });
  window.addEventListener('online', () => void appLogger.flush());
}
