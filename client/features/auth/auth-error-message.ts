// Sign-in error codes (Auth.js, the route guard, the rate limit) in the user's words.
import type { TFunction } from 'i18next';
import { RATE_LIMITED } from '#shared/auth';

const KNOWN = new Set([
  'CredentialsSignin',
  'SessionRequired',
  'MissingCSRF',
  'AccessDenied',
  'Verification',
  'OAuthAccountNotLinked',
  'OAuthSignInError',
  'OAuthCallbackError',
  'EmailSignInError',
  'Configuration',
]);

export interface AuthErrorInfo {
  code: string;
  retryAfterSeconds?: number;
}

export function authErrorMessage(t: TFunction, { code, retryAfterSeconds }: AuthErrorInfo): string {
  if (code === RATE_LIMITED) {
    const seconds = Math.max(1, retryAfterSeconds ?? 60);
    // Waits between tries are seconds; the end of a window, minutes.
    if (seconds < 60) return t('auth.errors.RateLimitedSeconds', { count: seconds });
    return t('auth.errors.RateLimited', { count: Math.ceil(seconds / 60) });
  }
  return t(`auth.errors.${KNOWN.has(code) ? code : 'default'}`);
}
