// Pages rendered on the server for anonymous first visits (docs/rendering.md): a navigation without
// a session gets its page drawn by the render bundle (client/entry-server.tsx, built beside the
// client) in its language and colour scheme; a signed-in visitor, a page that needs a session or
// ends in an error, and anything the bundle cannot draw get the client's shell, as before.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { PublicConfig } from '#shared/app-config';
import { defaultLocale } from '#shared/locales';
import { type PublicData, RENDER_ENTRY, type RenderBundle, renderBundleDir } from '#shared/render-bundle';
import type { SessionReader } from '../auth/session-user';
import { readLocaleFile } from '../locale-files';
import type { Logger } from '../logger';
import { acceptedLanguages, requestLocale } from '../request-locale';

const COLOR_SCHEME_COOKIE = 'color-scheme';
/** The client hint that tells a Chromium browser's light or dark preference on later requests. */
const PREFERS_COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

/** A phone or tablet, by the client hint where the browser sends it, else by the user agent. */
export function looksMobile(headers: Headers): boolean {
  const hint = headers.get('sec-ch-ua-mobile');
  if (hint) return hint === '?1';
  return /Mobi|Android|iPhone|iPad/i.test(headers.get('user-agent') ?? '');
}

function isPageNavigation(path: string, accept: string | undefined): boolean {
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !lastSegment.includes('.') && (accept ?? '').includes('text/html');
}

export interface RenderedPagesDeps {
  staticDir: string;
  config: PublicConfig;
  sessions: SessionReader;
  logger: Logger;
  publicData: PublicData;
  /** The origin people open the app at (env.PUBLIC_URL). */
  publicUrl: string;
  /** The render bundle itself, for tests that render from source; else loaded from beside the client. */
  bundle?: Promise<RenderBundle>;
}

export function renderedPages({ staticDir, config, sessions, logger, ...deps }: RenderedPagesDeps) {
  const app = new Hono();
  const entry = join(renderBundleDir(resolve(staticDir)), RENDER_ENTRY);
  if (!deps.bundle && !existsSync(entry)) {
    logger.warn(
      { entry },
      'no render bundle: every page is rendered in the browser (npm run build writes it)',
    );
    return app;
  }
  const template = readFileSync(join(staticDir, 'index.html'), 'utf8');
  const bundle = deps.bundle ?? (import(pathToFileURL(entry).href) as Promise<RenderBundle>);
  const messages = new Map<string, object>();
  const messagesOf = (code: string) => {
    const parsed = messages.get(code) ?? (JSON.parse(readLocaleFile(code)) as object);
    messages.set(code, parsed);
    return parsed;
  };

  app.get('*', async (c, next) => {
    if (!isPageNavigation(c.req.path, c.req.header('Accept'))) return next();
    if (await sessions.cookieSession(c.req.raw)) return next();
    const headers = c.req.raw.headers;
    const locale = requestLocale(headers).code;
    try {
      const result = await (await bundle).render({
        request: c.req.raw,
        template,
        config,
        locale,
        messages: { [defaultLocale]: messagesOf(defaultLocale), [locale]: messagesOf(locale) },
        firstRender: {
          colorSchemeCookie: parse(headers.get('cookie') ?? '', COLOR_SCHEME_COOKIE)[COLOR_SCHEME_COOKIE],
          prefersDark: headers.get(PREFERS_COLOR_SCHEME_HINT) === 'dark',
          desktop: !looksMobile(headers),
          languages: acceptedLanguages(headers),
          renderedAt: Date.now(),
        },
        publicData: deps.publicData,
        publicUrl: deps.publicUrl,
      });
      if (result.kind === 'redirect') return result.response;
      if (result.kind === 'client') return next();
      c.header('Cache-Control', 'no-cache');
      c.header('Accept-CH', PREFERS_COLOR_SCHEME_HINT);
      c.header('Vary', `Cookie, Accept-Language, Sec-CH-UA-Mobile, User-Agent, ${PREFERS_COLOR_SCHEME_HINT}`);
      return c.html(result.document, result.status as 200);
    } catch (error) {
      logger.error({ err: error, path: c.req.path }, 'server rendering failed: the browser renders the page');
      return next();
    }
  });
  return app;
}
