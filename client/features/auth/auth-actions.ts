// signIn and signOut of spec §7: form posts with a CSRF token, a callback URL (the current page
// unless given) and json=true; sign-in errors come back in the `error` parameter of the answered URL.
import { apiPaths } from '#shared/api-paths';
import { RATE_LIMITED } from '#shared/auth';
import { AuthRequestError, fetchCsrfToken, fetchProviders, postAuthForm } from './auth-api';
import { authStore } from './auth-store';

export interface SignInResult {
  ok: boolean;
  /** An Auth.js error code (CredentialsSignin, MissingCSRF…) or RateLimited. */
  error: string | null;
  /** Where to go next: the callback URL, or the "check your email" step of the email link. */
  url: string | null;
  retryAfterSeconds?: number;
}

let providers: ReturnType<typeof fetchProviders> | undefined;

/** The providers, asked once per page load (they change only with the server's configuration). */
export function knownProviders(): ReturnType<typeof fetchProviders> {
  providers ??= fetchProviders().catch((error) => {
    providers = undefined;
    throw error;
  });
  return providers;
}

function currentPage(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Signs in with `provider`. Credentials sign in on the spot (the session is re-read); the email
 * link answers the "check your email" URL; OAuth providers leave for the provider's page. An
 * unknown or missing provider goes to the sign-in page (spec §5).
 */
export async function signIn(
  provider: string | undefined,
  fields: Record<string, string> = {},
  options: { callbackUrl?: string } = {},
): Promise<SignInResult> {
  const callbackUrl = options.callbackUrl ?? currentPage();
  const chosen = provider ? (await knownProviders())[provider] : undefined;
  if (!chosen) {
    const url = `${apiPaths.auth}/signin?${new URLSearchParams({ callbackUrl })}`;
    window.location.assign(url);
    return { ok: false, error: null, url };
  }
  const action = chosen.type === 'credentials' ? 'callback' : 'signin';
  const answer = await postAuthForm(`${action}/${chosen.id}`, {
    ...fields,
    csrfToken: await fetchCsrfToken(),
    callbackUrl,
  });
  if ('retryAfterSeconds' in answer) {
    return { ok: false, error: RATE_LIMITED, url: null, retryAfterSeconds: answer.retryAfterSeconds };
  }
  const error = new URL(answer.url, window.location.origin).searchParams.get('error');
  if (error) return { ok: false, error, url: null };
  if (chosen.type === 'oauth' || chosen.type === 'oidc') window.location.assign(answer.url);
  else if (chosen.type === 'credentials') await authStore.refresh('signIn');
  return { ok: true, error: null, url: answer.url };
}

/** Signs out and answers where to go next (the callback URL, by default the current page). */
export async function signOut(options: { callbackUrl?: string } = {}): Promise<{ url: string }> {
  let csrfToken = '';
  try {
    csrfToken = await fetchCsrfToken();
  } catch (cause) {
    throw new AuthRequestError('Could not fetch CSRF Token for signing out', 400, { cause });
  }
  if (!csrfToken) throw new AuthRequestError('Could not fetch CSRF Token for signing out', 400);
  const answer = await postAuthForm('signout', {
    csrfToken,
    callbackUrl: options.callbackUrl ?? currentPage(),
  });
  if (!('url' in answer)) throw new AuthRequestError('Signing out was refused (rate limited)', 429);
  const error = new URL(answer.url, window.location.origin).searchParams.get('error');
  if (error) throw new AuthRequestError(`Signing out was refused (${error})`, 400);
  authStore.clear('signOut');
  return { url: answer.url };
}

/** Ends every session of the signed-in user, on every device, this one included. */
export async function signOutEverywhere(): Promise<{ url: string }> {
  const response = await fetch(apiPaths.signOutEverywhere, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  // 401: this session had already ended, which is what was asked for.
  if (!response.ok && response.status !== 401) {
    throw new AuthRequestError(
      `Signing out everywhere was refused (HTTP ${response.status})`,
      response.status,
    );
  }
  authStore.clear('signOut');
  return { url: currentPage() };
}
