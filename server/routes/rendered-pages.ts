// Pages rendered on the server for anonymous first visits (docs/rendering.md): a navigation without
// a session gets its page drawn by the render bundle (client/entry-server.tsx, built beside the
// client) in its language and colour scheme; a signed-in visitor, a page that needs a session or
// ends in an error, and anything the bundle cannot draw get the client's shell, as before. A page is
// drawn once for each set of inputs and sent from memory after (rendered-page-cache.ts), and at most
// MAX_RENDERS_UNDER_WAY are drawn at a time: a request for another page meanwhile gets the shell.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Context, Hono } from 'hono';
import { parse } from 'hono/utils/cookie';
import type { PublicConfig } from '#shared/app-config';
import { CONSENT_COOKIE } from '#shared/consent';
import { defaultLocale } from '#shared/locales';
import { type FirstRender, RENDER_ENTRY, type RenderBundle, renderBundleDir } from '#shared/render-bundle';
import type { SessionReader } from '../auth/session-user';
import { readLocaleFile } from '../locale-files';
import type { Logger } from '../logger';
import type { HeaderRecord } from '../plain-response';
import { precompressOffThread, sendPrecompressed } from '../precompressed';
import { acceptedLanguages, requestLocale } from '../request-locale';
import type { VersionedPublicData } from './public-render-data';
import { type CachedPage, createRenderedPageCache } from './rendered-page-cache';

const COLOR_SCHEME_COOKIE = 'color-scheme';
/** The client hint that tells a Chromium browser's light or dark preference on later requests. */
const PREFERS_COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';

/**
 * Pages drawn at once. A render holds the event loop for tens of milliseconds at a time: more of
 * them would only make every other request (health checks, the API) wait longer.
 */
export const MAX_RENDERS_UNDER_WAY = 1;
/** What the kept pages may take in memory, their compressed copies included. */
const KEPT_PAGES_BYTES = 32 * 1024 * 1024;

const PAGE_HEADERS: HeaderRecord = {
  'cache-control': 'no-cache',
  'accept-ch': PREFERS_COLOR_SCHEME_HINT,
  vary: `Cookie, Accept-Language, Sec-CH-UA-Mobile, User-Agent, ${PREFERS_COLOR_SCHEME_HINT}, Accept-Encoding`,
};

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

/** Everything a page is drawn from that differs between requests, but the moment it is drawn. */
interface PageInputs {
  url: string;
  locale: string;
  firstRender: Omit<FirstRender, 'renderedAt'>;
}

function pageInputs(request: Request): PageInputs {
  const { headers } = request;
  const cookies = parse(headers.get('cookie') ?? '');
  return {
    url: request.url,
    locale: requestLocale(headers).code,
    firstRender: {
      colorSchemeCookie: cookies[COLOR_SCHEME_COOKIE],
      prefersDark: headers.get(PREFERS_COLOR_SCHEME_HINT) === 'dark',
      desktop: !looksMobile(headers),
      languages: acceptedLanguages(headers),
      consentCookie: cookies[CONSENT_COOKIE],
    },
  };
}

/** A render's outcome, as every request waiting for it answers. */
type Drawn =
  | { kind: 'page'; page: CachedPage }
  | { kind: 'redirect'; response: Response }
  | { kind: 'client' };

export interface RenderedPagesDeps {
  staticDir: string;
  config: PublicConfig;
  sessions: SessionReader;
  logger: Logger;
  publicData: VersionedPublicData;
  /** The origin people open the app at (env.PUBLIC_URL). */
  publicUrl: string;
  /** The render bundle itself, for tests that render from source; else loaded from beside the client. */
  bundle?: Promise<RenderBundle>;
}

export function renderedPages({
  staticDir,
  config,
  sessions,
  logger,
  publicData,
  ...deps
}: RenderedPagesDeps) {
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
  const keptPages = createRenderedPageCache(KEPT_PAGES_BYTES);
  /** Renders under way by key: a request for the same page waits for it rather than drawing it again. */
  const underWay = new Map<string, Promise<Drawn>>();

  async function draw(
    key: string,
    { url, locale, firstRender }: PageInputs,
    version: string,
  ): Promise<Drawn> {
    const result = await (await bundle).render({
      // Nothing of the visitor's request but what the key holds reaches the page.
      request: new Request(url),
      template,
      config,
      locale,
      messages: { [defaultLocale]: messagesOf(defaultLocale), [locale]: messagesOf(locale) },
      firstRender: { ...firstRender, renderedAt: Date.now() },
      publicData,
      publicUrl: deps.publicUrl,
    });
    if (result.kind !== 'page') return result;
    // Compressed on the thread pool; a page sent once only at the compression middleware's levels.
    const effort = result.showsRenderTime ? 'fast' : 'max';
    const body = await precompressOffThread(result.document, 'text/html; charset=UTF-8', effort);
    const page = { status: result.status, body };
    if (!result.showsRenderTime) keptPages.set(key, version, page);
    return { kind: 'page', page };
  }

  /** The render of the request's page: the one under way, a new one, or null when rendering is busy. */
  function drawing(c: Context, key: string, inputs: PageInputs, version: string): Promise<Drawn> | null {
    const current = underWay.get(key);
    if (current) return current;
    if (underWay.size >= MAX_RENDERS_UNDER_WAY) return null;
    const started = draw(key, inputs, version)
      .catch((error: unknown): Drawn => {
        logger.error(
          { err: error, path: c.req.path },
          'server rendering failed: the browser renders the page',
        );
        return { kind: 'client' };
      })
      .finally(() => underWay.delete(key));
    underWay.set(key, started);
    return started;
  }

  app.get('*', async (c, next) => {
    if (!isPageNavigation(c.req.path, c.req.header('Accept'))) return next();
    if (await sessions.cookieSession(c.req.raw)) return next();
    const inputs = pageInputs(c.req.raw);
    const key = JSON.stringify(inputs);
    const version = await publicData.version();
    const kept = keptPages.get(key, version);
    if (kept) return sendPrecompressed(c, kept.body, PAGE_HEADERS, kept.status);
    // Busy drawing other pages: the shell, which the browser draws as it would any page.
    const drawn = await drawing(c, key, inputs, version);
    if (!drawn || drawn.kind === 'client') return next();
    if (drawn.kind === 'redirect') return drawn.response.clone();
    return sendPrecompressed(c, drawn.page.body, PAGE_HEADERS, drawn.page.status);
  });
  return app;
}
