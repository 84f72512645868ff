// The browser side of the Auth.js REST API (spec §7), every answer checked with zod. A call that
// cannot reach the auth handler logs where it expected it and throws (spec §8). The schemas (and
// zod) load with the first call, in parallel with its request, not with the first page.
import type { z } from 'zod/mini';
import { apiPaths } from '#shared/api-paths';

type AuthSchemas = typeof import('#shared/auth-schemas');
const authSchemas = (): Promise<AuthSchemas> => import('#shared/auth-schemas');

/** An auth call that failed with an HTTP status worth showing (spec §8: sign-out without CSRF is 400). */
export class AuthRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'AuthRequestError';
  }
}

function authFailure(url: string, cause: unknown): Error {
  console.error(
    `[auth] ${url} failed. Is the auth handler mounted at ${apiPaths.auth} (server/routes/auth.ts)?`,
    cause,
  );
  return new Error(`The auth request to ${url} failed`, { cause });
}

async function fetchChecked<T>(
  url: string,
  pick: (schemas: AuthSchemas) => z.ZodMiniType<T>,
  init?: RequestInit,
): Promise<T> {
  try {
    const [response, schemas] = await Promise.all([
      fetch(url, { credentials: 'same-origin', ...init }),
      authSchemas(),
    ]);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return pick(schemas).parse(await response.json());
  } catch (error) {
    throw authFailure(url, error);
  }
}

export function fetchCsrfToken(): Promise<string> {
  return fetchChecked(`${apiPaths.auth}/csrf`, (s) => s.CsrfResponseSchema).then((body) => body.csrfToken);
}

export function fetchProviders() {
  return fetchChecked(`${apiPaths.auth}/providers`, (s) => s.AuthProvidersSchema);
}

export function fetchSession(callbackUrl?: string) {
  const query = callbackUrl ? `?${new URLSearchParams({ callbackUrl })}` : '';
  return fetchChecked(`${apiPaths.auth}/session${query}`, (s) => s.SessionAnswerSchema);
}

export function fetchAuthSettings() {
  return fetchChecked(apiPaths.authSettings, (s) => s.AuthSettingsSchema);
}

export type AuthFormResult = { url: string } | { retryAfterSeconds: number };

/** Posts an Auth.js form (spec §7): form-encoded with json=true, answered by {url} or 429. */
export async function postAuthForm(path: string, fields: Record<string, string>): Promise<AuthFormResult> {
  const url = `${apiPaths.auth}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, json: 'true' }),
    });
  } catch (error) {
    throw authFailure(url, error);
  }
  if (response.status === 429) {
    return { retryAfterSeconds: Number(response.headers.get('Retry-After')) || 60 };
  }
  try {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const { AuthRedirectSchema } = await authSchemas();
    return AuthRedirectSchema.parse(await response.json());
  } catch (error) {
    throw authFailure(url, error);
  }
}
