import { describe, expect, it } from 'vitest';
import { sessionRefreshIntervalMs } from './session-refresh';

const settings = {
  refreshOnWindowFocus: true,
  refreshIntervalSeconds: 0,
  refreshTokenMaxAgeSeconds: 604_800,
  selfRegistration: false,
};

describe('session refresh interval', () => {
  it('is the configured interval when there is one', () => {
    expect(sessionRefreshIntervalMs({ ...settings, refreshIntervalSeconds: 300 })).toBe(300_000);
  });

  it('is otherwise the lifetime of the rotating token', () => {
    expect(sessionRefreshIntervalMs(settings)).toBe(604_800_000);
  });
});
