// Calls /api/admin/* with the session cookie and turns an error answer into an AdminApiError that
// carries the server's code, message and field issues (shared/api-error.ts).
import type { ApiErrorBody } from '#shared/api-error';

export type ApiIssue = { path: string; message: string };

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ApiIssue[] = [],
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** The AdminApiError of a failed answer (its JSON error body, else the status line). */
export async function errorOf(response: Response): Promise<AdminApiError> {
  const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
  return errorFromBody(response.status, body, response.statusText);
}

export function errorFromBody(status: number, body: ApiErrorBody | null, statusText = ''): AdminApiError {
  return new AdminApiError(
    status,
    body?.error?.code ?? 'http_error',
    body?.error?.message ?? `HTTP ${status} ${statusText}`.trim(),
    body?.error?.issues ?? [],
  );
}

/** JSON in, JSON out (undefined for 204); a network failure becomes code `network`. */
export async function adminFetch<T>(
  url: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal,
      headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AdminApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await errorOf(response);
  return (response.status === 204 ? undefined : await response.json()) as T;
}
