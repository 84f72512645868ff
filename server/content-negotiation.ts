// What a request's Accept-Encoding allows and whether its If-None-Match names a body: read the same
// way by every route that sends compressed or validated bodies (RFC 9110, 12.5.3 and 13.1.2).

export type Encoding = 'br' | 'gzip';
export type AcceptedEncodings = Readonly<Record<Encoding, boolean>>;

const NONE: AcceptedEncodings = { br: false, gzip: false };
const ZERO_WEIGHT = /^\s*q\s*=\s*0(\.0{0,3})?\s*$/i;

/** The encodings an Accept-Encoding header allows: named, or covered by `*`, with a weight above 0. */
function parseAcceptEncoding(header: string | undefined): AcceptedEncodings {
  if (!header) return NONE;
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let any = false;
  for (const item of header.split(',')) {
    const [coding = '', ...parameters] = item.split(';');
    const allowed = !parameters.some((parameter) => ZERO_WEIGHT.test(parameter));
    switch (coding.trim().toLowerCase()) {
      case 'br':
        br = allowed;
        break;
      case 'gzip':
      case 'x-gzip':
        gzip = allowed;
        break;
      case '*':
        any = allowed;
    }
  }
  return { br: br ?? any, gzip: gzip ?? any };
}

// A browser sends the same Accept-Encoding with every request: parsed again only when it differs.
let lastHeader: string | undefined;
let lastAccepted = NONE;

export function acceptedEncodings(header: string | undefined): AcceptedEncodings {
  if (header !== lastHeader) {
    lastAccepted = parseAcceptEncoding(header);
    lastHeader = header;
  }
  return lastAccepted;
}

/** Brotli when allowed, else gzip when allowed, else null (the body as it is). */
export function preferredEncoding(header: string | undefined): Encoding | null {
  const accepted = acceptedEncodings(header);
  return accepted.br ? 'br' : accepted.gzip ? 'gzip' : null;
}

/** Whether an If-None-Match list names `etag` (or is `*`), compared weakly as RFC 9110 asks for GET. */
export function ifNoneMatchHolds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const item of ifNoneMatch.split(',')) {
    const tag = item.trim();
    if (tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}
