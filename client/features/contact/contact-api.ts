// Sends the contact form to POST /api/contact and turns the answer into a receipt or a typed failure.

import type { ApiErrorBody } from '#shared/api-error';
import { apiPaths } from '#shared/api-paths';
import type { ContactMessageInput, ContactReceipt } from '#shared/contact-message';

export type ContactFailure =
  | { kind: 'invalid'; issues: { path: string; message: string }[] }
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  | { kind: 'server'; status: number }
  | { kind: 'network' };

export type ContactResult = { ok: true; receipt: ContactReceipt } | { ok: false; failure: ContactFailure };

export async function sendContactMessage(input: ContactMessageInput): Promise<ContactResult> {
  let response: Response;
  try {
    response = await fetch(apiPaths.contact, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, failure: { kind: 'network' } };
  }
  if (response.ok) return { ok: true, receipt: (await response.json()) as ContactReceipt };
  if (response.status === 429) {
    const retryAfterSeconds = Number(response.headers.get('Retry-After')) || 60;
    return { ok: false, failure: { kind: 'rate-limited', retryAfterSeconds } };
  }
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    return { ok: false, failure: { kind: 'invalid', issues: body?.error.issues ?? [] } };
  }
  return { ok: false, failure: { kind: 'server', status: response.status } };
}
