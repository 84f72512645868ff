// Serves the built SPA: hashed assets cached forever, everything else revalidated, and
// client-side routes falling back to index.html (the client renders its own 404).
import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function cacheControlFor(path: string): string {
  return /(^|\/)assets\//.test(path) ? IMMUTABLE : 'no-cache';
}

function looksLikeNavigation(path: string, accept: string | undefined): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') || (accept ?? '').includes('text/html');
}

export function staticFiles(staticDir: string) {
  const root = resolve(staticDir);
  const app = new Hono();
  // serveStatic's onFound runs after the response is built, so set caching on the way out.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.ok) c.res.headers.set('Cache-Control', cacheControlFor(c.req.path));
  });
  app.use('*', serveStatic({ root, precompressed: true }));
  const shell = serveStatic({ root, path: 'index.html', precompressed: true });
  app.get('*', async (c, next) => {
    if (!looksLikeNavigation(c.req.path, c.req.header('Accept'))) return c.notFound();
    return shell(c, next);
  });
  return app;
}
