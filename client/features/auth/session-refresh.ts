// When the browser re-reads the session (spec §4): on window focus if enabled, and on a timer —
// the configured interval, or else the lifetime of the rotating bearer token.
import type { AuthSettings } from '#shared/auth';

export function sessionRefreshIntervalMs(settings: AuthSettings): number {
  const seconds =
    settings.refreshIntervalSeconds > 0
      ? settings.refreshIntervalSeconds
      : settings.refreshTokenMaxAgeSeconds;
  return seconds * 1000;
}
