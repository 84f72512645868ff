// Security headers on every response: a strict CSP (no inline script but the built page's own, by
// hash), and HSTS behind https.
import type { MiddlewareHandler } from 'hono';
import { inlineScriptHashes } from '../inline-script-hashes';

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
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    // A route may answer with its own policy (only the development GraphiQL page does: routes/graphql.ts).
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
