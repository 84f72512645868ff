// A query that reads nothing but the lookups has the same answer for every caller of one kind
// (signed in: every lookup; anonymous: the public namespaces') and it changes only with the
// lookups, so each such request is executed once, serialized and compressed once, then sent as
// bytes. The answers are dropped when the lookup store's list is replaced (a mutation in this
// process, a NOTIFY from another), never on a timer. A request is recognised by its exact body and
// Accept header; anything else, or anything that does not read only the lookups, is executed by Yoga.
import { Kind, parse } from 'graphql';
import type { Context } from 'hono';
import { type Precompressed, precompress, sendPrecompressed } from '../precompressed';
import type { LookupRecord, LookupStore } from './lookup-store';

/** The client's document as its generated operations send it (tests/integration checks they agree). */
export const LOOKUPS_DOCUMENT = 'query Lookups {\n  lookups {\n    id\n    values\n  }\n}';
/** What the client posts. */
export const LOOKUPS_BODY = JSON.stringify({ query: LOOKUPS_DOCUMENT, variables: {} });
/** Larger bodies are not lookups queries anyone writes; they go to Yoga unread. */
const MAX_PREPARED_BODY_BYTES = 4_096;
/** Answers kept per kind of caller; the oldest is forgotten first, so variety costs executions only. */
const MAX_ANSWERS = 64;
const ROOT_FIELDS = new Set(['lookups', '__typename']);

type Execute = (request: Request) => Promise<Response>;

/** Only what may be a small JSON query is read here; everything else goes to Yoga untouched. */
function mayBeLookups(request: Request): boolean {
  const length = request.headers.get('Content-Length');
  return (
    request.method === 'POST' &&
    !request.url.includes('?') &&
    request.headers.get('Content-Type')?.split(';')[0]?.trim().toLowerCase() === 'application/json' &&
    // A body sent in chunks has no length; it is still capped by the route before it is read.
    (length === null || Number(length) <= MAX_PREPARED_BODY_BYTES)
  );
}

/** Whether every operation of the body's document is a query whose root fields are only `lookups`. */
export function readsOnlyLookups(body: string): boolean {
  if (body.length > MAX_PREPARED_BODY_BYTES || !body.includes('lookups')) return false;
  try {
    const { query } = JSON.parse(body) as { query?: unknown };
    if (typeof query !== 'string') return false;
    const document = parse(query, { noLocation: true, maxTokens: 1_000 });
    const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    return (
      operations.length > 0 &&
      operations.every(
        (operation) =>
          operation.operation === 'query' &&
          operation.selectionSet.selections.every(
            (selection) => selection.kind === Kind.FIELD && ROOT_FIELDS.has(selection.name.value),
          ),
      )
    );
  } catch {
    return false;
  }
}

/**
 * The request again, its body already read, for Yoga to read. A function of its own, not a closure
 * made per request: run from source (tsx), every named closure is also given its name at run time.
 */
function requestAgain(raw: Request, body: string, headers: Headers = raw.headers): Request {
  return new Request(raw.url, { method: raw.method, headers, body });
}

/** A complete answer: data and no error, so nothing partial or refused is kept. */
function isFullAnswer(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { data?: unknown; errors?: unknown };
    return parsed.errors === undefined && typeof parsed.data === 'object' && parsed.data !== null;
  } catch {
    return false;
  }
}

/** The answers for one kind of caller to the lookups of one list, by Accept header and body. */
class Answers {
  private list: LookupRecord[] | undefined;
  private current = new Map<string, Precompressed>();
  // The previous list's answers: a list read again unchanged (its 30 s lifetime) is not recompressed.
  private previous = new Map<string, Precompressed>();

  /** The kept answer for `key` under `list`, forgetting every answer of an older list. */
  get(list: LookupRecord[], key: string): Precompressed | undefined {
    if (list !== this.list) {
      this.list = list;
      if (this.current.size > 0) this.previous = this.current;
      this.current = new Map();
    }
    return this.current.get(key);
  }

  /**
   * Keeps `text` as the answer for `key`, unless the list was replaced while it was executed. Only
   * the client's own body is compressed with the most effort: any other spelling is a caller's
   * choice, which must not buy a tenth of a second of brotli per request.
   */
  keep(
    list: LookupRecord[],
    key: string,
    text: string,
    contentType: string,
    clients: boolean,
  ): Precompressed {
    const kept = this.previous.get(key);
    const answer =
      kept?.contentType === contentType && kept.identity.toString() === text
        ? kept
        : precompress(text, contentType, clients ? 'max' : 'fast');
    if (list !== this.list) return answer;
    if (this.current.size >= MAX_ANSWERS) this.current.delete(this.current.keys().next().value!);
    this.current.set(key, answer);
    return answer;
  }
}

/**
 * Answers a caller's request from the prepared answers when it reads only the lookups, else
 * `execute` (Yoga). Signed-in and anonymous callers never share an answer.
 */
export function preparedLookups(store: LookupStore, execute: Execute) {
  const byKind = { signedIn: new Answers(), anonymous: new Answers() };

  async function prepare(
    c: Context,
    request: Request,
    answers: Answers,
    list: LookupRecord[],
    key: string,
    clients: boolean,
  ) {
    const response = await execute(request);
    const contentType = response.headers.get('Content-Type');
    if (response.status !== 200 || response.headers.has('Content-Encoding') || !contentType) return response;
    const text = await response.text();
    if (!isFullAnswer(text)) return new Response(text, response);
    return sendPrecompressed(c, answers.keep(list, key, text, contentType, clients));
  }

  return async (c: Context, signedIn: boolean): Promise<Response> => {
    const raw = c.req.raw;
    if (!mayBeLookups(raw)) return execute(raw);
    const body = await raw.text();
    // A body that never names the lookups can have no prepared answer: it does not wait for the list.
    if (!body.includes('lookups')) return execute(requestAgain(raw, body));
    const list = await store.list().catch(() => undefined);
    // The store failing is Yoga's to report, in its usual shape.
    if (!list) return execute(requestAgain(raw, body));
    const answers = signedIn ? byKind.signedIn : byKind.anonymous;
    const key = `${raw.headers.get('Accept') ?? ''}\n${body}`;
    const ready = answers.get(list, key);
    if (ready) return sendPrecompressed(c, ready);
    if (!readsOnlyLookups(body)) return execute(requestAgain(raw, body));
    // An anonymous caller's is executed without credentials, so that a token Yoga would judge
    // differently from the route can never put a signed-in answer among the public ones.
    const headers = new Headers(raw.headers);
    if (!signedIn) headers.delete('Authorization');
    return prepare(c, requestAgain(raw, body, headers), answers, list, key, body === LOOKUPS_BODY);
  };
}
