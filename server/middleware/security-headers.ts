// Security headers on every response: a strict CSP (no inline script but the built page's own, by
// hash), and HSTS behind https.
import type { MiddlewareHandler } from 'hono';
import { inlineScriptHashes } from '../inline-script-hashes';
import { type HeaderRecord, plainHeaders, setBaseHeaders } from '../plain-response';

const policyWith = (scriptHashes: string[]) =>
  [
    "default-src 'self'",
    // Scripts are same-origin files, and the built index.html's inline boot script, by its hash.
    ["script-src 'self'", ...scriptHashes].join(' '),
    // Emotion (MUI) injects <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export function securityHeaders(options: { https: boolean; staticDir: string }): MiddlewareHandler {
  const contentSecurityPolicy = policyWith(inlineScriptHashes(options.staticDir));
  // Made once: a plain response (plain-response.ts) is made with them, under the route's own headers.
  const headers: HeaderRecord = {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
  };
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  const entries = Object.entries(headers);
  return async (c, next) => {
    setBaseHeaders(c, headers);
    await next();
    if (plainHeaders(c.res)) return;
    const h = c.res.headers;
    // A route may answer with its own policy (only the development GraphiQL page does: routes/graphql.ts).
    const ownPolicy = h.has('Content-Security-Policy');
    for (const [name, value] of entries) {
      if (!(ownPolicy && name === 'content-security-policy')) h.set(name, value);
    }
  };
}
