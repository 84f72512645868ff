// What a server-rendered page carries to the browser so that its first render matches the HTML
// (docs/rendering.md): the language, the configuration, the first render's assumptions and the
// router's data, in a JSON block beside the root (not a script: it differs on every page, and the
// CSP allows only the built page's own inline scripts, by hash), and in its head a preload of the
// language's messages. Used by the render bundle (entry-server.tsx) to write the page and by
// start-app.tsx to read it.
import type { HydrationState } from 'react-router';
import type { PublicConfig } from '#shared/app-config';
import { defaultLocale, type LocaleEntry } from '#shared/locales';
import type { FirstRender } from '#shared/render-bundle';
import { messagesUrl } from '../i18n/messages-backend';
import type { PageHead } from './server-render-context';

export interface ServerPageState {
  locale: string;
  config: PublicConfig;
  firstRender: FirstRender;
  hydration: HydrationState;
}

const STATE_ID = 'sift-server-page';

/**
 * A route module as the server runs it: only loaders that compute what the page shows; the others
 * prepare the browser (indexes to load) and answer null, which the browser hydrates with (a route
 * without data would render its fallback instead) before running them itself (start-app.tsx).
 */
export function serverRouteModule<T extends { loader?: unknown; loaderOnServer?: boolean }>(module: T): T {
  return module.loaderOnServer || !module.loader ? module : { ...module, loader: () => null };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page's title, and its own description and canonical URL when its route gives them. */
function headOf(head: PageHead | undefined, platformName: string, publicUrl: string): string {
  const title = `<title>${escapeHtml(head?.title ?? platformName)}</title>`;
  const canonical = head?.canonicalPath
    ? `\n    <link rel="canonical" href="${escapeHtml(publicUrl.replace(/\/+$/, '') + head.canonicalPath)}" />`
    : '';
  return title + canonical;
}

/**
 * The messages the browser loads before hydrating (the page's language and English, the fallback),
 * asked for with the document: out of the document, they no longer delay its first paint, and they
 * arrive while the app's code does (a third of a compressed page was English messages alone).
 */
function messagesPreloads(locale: string): string {
  return [...new Set([locale, defaultLocale])]
    .map((code) => `<link rel="preload" href="${messagesUrl(code)}" as="fetch" crossorigin>`)
    .join('');
}

/**
 * The script that paints the start snapshot (ADR 010): a rendered page is newer than any snapshot,
 * and would only wait for its download.
 */
const START_SNAPSHOT_BOOT = '<script src="/start-snapshot-boot.js"></script>';

/** What a rendered page adds to <head>. */
export interface PageHeadParts {
  /** The deepest route's title, description and canonical URL, if it gave any. */
  head: PageHead | undefined;
  /** The style elements of the rules the page uses. */
  styles: string;
  publicUrl: string;
}

/** The built index.html with the rendered root, the page's language, head and the state to hydrate with. */
export function serverPageDocument(
  template: string,
  html: string,
  state: ServerPageState,
  locale: LocaleEntry,
  { head, styles, publicUrl }: PageHeadParts,
): string {
  // `<` never reaches the block's text, so no string in it can close the element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const description = head?.description;
  return template
    .replace(/<html[^>]*>/, `<html lang="${locale.code}" dir="${locale.dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => headOf(head, state.config.platformName, publicUrl))
    .replace(/<meta name="description" content="[^"]*"/, (tag) =>
      description ? `<meta name="description" content="${escapeHtml(description)}"` : tag,
    )
    .replace('</head>', () => `${messagesPreloads(locale.code)}${styles}</head>`)
    .replace(START_SNAPSHOT_BOOT, '')
    .replace(
      '<div id="root"></div>',
      // A function: the page's data may hold `$&` and the like, which a replacement string would expand.
      () => `<div id="root">${html}</div><script type="application/json" id="${STATE_ID}">${json}</script>`,
    );
}

/** Whether the page was rendered by the server (its state not yet read). */
export const isServerPage = (): boolean => document.getElementById(STATE_ID) !== null;

/** The state of a server-rendered page, or undefined when the page is the bare shell. */
export function readServerPage(): ServerPageState | undefined {
  const element = document.getElementById(STATE_ID);
  if (!element?.textContent) return undefined;
  element.remove();
  return JSON.parse(element.textContent) as ServerPageState;
}
