// The answer to the client's Lookups query (client/features/lookups) is the same for every signed-in
// caller and changes only with the lookups, so it is executed, serialized and compressed once, then
// sent as bytes. It is prepared again when the lookup store's list is replaced (a mutation in this
// process, a NOTIFY from another), never on a timer. Only the client's exact body takes this path;
// any other request (other fields, variables, operation name, extensions) is executed by Yoga.
import type { Context } from 'hono';
import { type Precompressed, precompress, sendPrecompressed } from '../precompressed';
import type { LookupRecord, LookupStore } from './lookup-store';

/** The client's document as its generated operations send it (tests/integration checks they agree). */
export const LOOKUPS_DOCUMENT = 'query Lookups {\n  lookups {\n    id\n    values\n  }\n}';
/** What the client posts; the same without `variables` is the same request to Yoga. */
export const LOOKUPS_BODY = JSON.stringify({ query: LOOKUPS_DOCUMENT, variables: {} });
const BODIES = new Set([LOOKUPS_BODY, JSON.stringify({ query: LOOKUPS_DOCUMENT })]);
const BODY_LENGTHS = new Set([...BODIES].map((body) => String(Buffer.byteLength(body))));
/** Answers are kept per Accept header (Yoga's media type follows it); a few variants are enough. */
const MAX_VARIANTS = 4;

type Execute = (request: Request) => Promise<Response>;

/** Only what may be the client's body is read here; everything else goes to Yoga untouched. */
function mayBeLookups(request: Request): boolean {
  return (
    request.method === 'POST' &&
    !request.url.includes('?') &&
    request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() === 'application/json' &&
    // A body sent in chunks has no length; it is still capped by the route before it is read.
    (!request.headers.has('Content-Length') || BODY_LENGTHS.has(request.headers.get('Content-Length')!))
  );
}

/** A complete answer: lookups present and no error, so nothing partial or refused is kept. */
function isFullAnswer(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { data?: { lookups?: unknown }; errors?: unknown };
    return parsed.errors === undefined && Array.isArray(parsed.data?.lookups);
  } catch {
    return false;
  }
}

/**
 * Answers a signed-in caller's request: the prepared lookups when it is the client's Lookups
 * request, else `execute` (Yoga). Never call it for an anonymous caller.
 */
export function preparedLookups(store: LookupStore, execute: Execute) {
  let preparedFor: LookupRecord[] | undefined;
  let answers = new Map<string, Precompressed>();
  // The previous list's answers: a list read again unchanged (its 30 s lifetime) is not recompressed.
  let previous = new Map<string, Precompressed>();

  async function prepare(c: Context, request: Request, list: LookupRecord[], accept: string) {
    const response = await execute(request);
    const contentType = response.headers.get('Content-Type');
    if (response.status !== 200 || response.headers.has('Content-Encoding') || !contentType) return response;
    const text = await response.text();
    if (!isFullAnswer(text)) return new Response(text, response);
    const kept = previous.get(accept);
    const answer =
      kept?.contentType === contentType && kept.identity.toString() === text
        ? kept
        : precompress(text, contentType);
    // A list replaced meanwhile has made this answer possibly stale for the next caller, not this one.
    if (list === preparedFor && answers.size < MAX_VARIANTS) answers.set(accept, answer);
    return sendPrecompressed(c, answer);
  }

  return async (c: Context): Promise<Response> => {
    const raw = c.req.raw;
    if (!mayBeLookups(raw)) return execute(raw);
    const body = await raw.text();
    // The body is read; Yoga gets it again in a request of its own.
    const request = () => new Request(raw.url, { method: raw.method, headers: raw.headers, body });
    if (!BODIES.has(body)) return execute(request());
    const list = await store.list().catch(() => undefined);
    // The store failing is Yoga's to report, in its usual shape.
    if (!list) return execute(request());
    if (list !== preparedFor) {
      preparedFor = list;
      if (answers.size > 0) previous = answers;
      answers = new Map();
    }
    const accept = raw.headers.get('Accept') ?? '';
    const ready = answers.get(accept);
    return ready ? sendPrecompressed(c, ready) : prepare(c, request(), list, accept);
  };
}
