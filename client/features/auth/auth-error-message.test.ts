import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITED } from '#shared/auth';
import { authErrorMessage } from './auth-error-message';

/** Shows which message and count were asked for. */
const t = ((key: string, options?: { count?: number }) =>
  `${key} ${options?.count ?? ''}`.trim()) as TFunction;

describe('authErrorMessage', () => {
  it('says a wait of under a minute in seconds and a longer one in whole minutes', () => {
    const wait = (retryAfterSeconds?: number) =>
      authErrorMessage(t, { code: RATE_LIMITED, retryAfterSeconds });
    expect(wait(2)).toBe('auth.errors.RateLimitedSeconds 2');
    expect(wait(59)).toBe('auth.errors.RateLimitedSeconds 59');
    expect(wait(60)).toBe('auth.errors.RateLimited 1');
    expect(wait(601)).toBe('auth.errors.RateLimited 11');
    expect(wait()).toBe('auth.errors.RateLimited 1');
  });

  it('names known errors and falls back for the rest', () => {
    expect(authErrorMessage(t, { code: 'CredentialsSignin' })).toBe('auth.errors.CredentialsSignin');
    expect(authErrorMessage(t, { code: 'SomethingNew' })).toBe('auth.errors.default');
  });
});
