// Server rendering of a page (docs/rendering.md): the app's own providers and routes rendered to
// HTML for one request, in its language, direction and colour scheme, with the Emotion rules it
// used in <head>. Vite builds this module into the render bundle, which the server loads at run
// time; the browser hydrates the result (app/start-app.tsx).
import createCache, { type EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  type RouteObject,
  RouterContextProvider,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { defaultLocale, findLocale } from '#shared/locales';
import type { FirstRender, RenderInput, RenderResult } from '#shared/render-bundle';
import { DataProviders } from './app/data-providers';
import { Providers } from './app/providers';
import { prepareServerDrawnFrame } from './app/root-shell';
import { guardRedirect, routeAuthOf } from './app/route-guard';
import { routes } from './app/router';
import { type ServerPageState, serverPageDocument, serverRouteModule } from './app/server-page';
import { type PageHead, serverRenderContext } from './app/server-render-context';
import { FirstRenderContext } from './lib/first-render';
import { ltrCacheOptions, RenderEmotionCaches } from './theme/emotion-caches';
import { createRtlEmotionCache } from './theme/rtl-emotion-cache';

/**
 * The routes without the browser's guard (render() applies it first) and with the loaders that
 * prepare the browser (indexes, colour chunks) left to the browser: only those marked `loaderOnServer` run.
 */
function serverRoutes(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const { middleware: _guard, lazy, children, ...rest } = route;
    const served = { ...rest } as RouteObject;
    if (typeof lazy === 'function') served.lazy = () => lazy().then(serverRouteModule);
    if (children) served.children = serverRoutes(children);
    return served;
  });
}

/**
 * A cache that keeps the rules it is given instead of writing a style element beside each element
 * (Emotion's `compat` mode), for `styleTagsOf` to put in <head>: the browser's cache adopts a few
 * elements there instead of moving some seventy from the page into <head> on start-up.
 */
function renderCache(cache: EmotionCache): EmotionCache {
  cache.compat = true;
  return cache;
}

/** The style elements of the rules `html` uses, global ones first, as Emotion's server writes them. */
function styleTagsOf(caches: EmotionCache[], html: string): string {
  return caches
    .map((cache) => {
      const server = createEmotionServer(cache);
      const chunks = server.extractCriticalToChunks(html);
      chunks.styles = chunks.styles.filter((chunk) => chunk.css !== '');
      return server.constructStyleTagsFromChunks(chunks);
    })
    .join('');
}

const handler = createStaticHandler(serverRoutes(routes), { future: { v8_middleware: true } });

/** The head the deepest route's loader gave the page (an item's title and canonical URL), if any. */
function pageHeadOf(context: StaticHandlerContext): PageHead | undefined {
  for (const { route } of [...context.matches].reverse()) {
    const head = (context.loaderData[route.id] as { head?: PageHead } | null | undefined)?.head;
    if (head) return head;
  }
  return undefined;
}

/**
 * The router's data for hydration, with every matched route counted as loaded (null where the
 * server ran nothing), as React Router's own server rendering does. Otherwise the browser's router
 * would start uninitialized wherever a route has middleware (the root's guard) and draw the root's
 * fallback over the server's page until the guard has read the session.
 */
function hydrationLoaderData(context: StaticHandlerContext): StaticHandlerContext['loaderData'] {
  return Object.fromEntries(
    context.matches.map(({ route }) => [route.id, context.loaderData[route.id] ?? null]),
  );
}

function serverI18n(locale: string, messages: Record<string, object>) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    resources: Object.fromEntries(Object.entries(messages).map(([code, m]) => [code, { translation: m }])),
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}

/**
 * The first render's assumptions, noting whether anything read the moment the page is drawn
 * (`useInitialNow`): the server sends such a page once, since what it shows goes stale.
 */
function watchingRenderTime(firstRender: FirstRender) {
  let read = false;
  const watched = { ...firstRender };
  Object.defineProperty(watched, 'renderedAt', {
    enumerable: true,
    get: () => {
      read = true;
      return firstRender.renderedAt;
    },
  });
  return { firstRender: watched, renderTimeRead: () => read };
}

export async function render({
  request,
  template,
  config,
  locale,
  messages,
  firstRender: givenFirstRender,
  publicData,
  publicUrl,
}: RenderInput): Promise<RenderResult> {
  const url = new URL(request.url);
  const matches = matchRoutes(routes, url) ?? [];
  const auth = routeAuthOf(matches, config);
  // Only anonymous requests reach here: a page the guard would send elsewhere is the browser's.
  if (guardRedirect(auth, 'unauthenticated', url) !== null) return { kind: 'client' };

  const entry = findLocale(locale) ?? findLocale(defaultLocale)!;
  const i18n = serverI18n(entry.code, messages);
  const requestContext = new RouterContextProvider(
    new Map([[serverRenderContext, { data: publicData, config, i18n }]]),
  );
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) return { kind: 'redirect', response: context };
  // Error pages are drawn by the browser, as before.
  if (context.errors) return { kind: 'client' };
  const router = createStaticRouter(handler.dataRoutes, context);
  const { firstRender, renderTimeRead } = watchingRenderTime(givenFirstRender);
  await prepareServerDrawnFrame();
  const caches = {
    ltr: renderCache(createCache(ltrCacheOptions)),
    rtl: renderCache(createRtlEmotionCache()),
  };
  const stream = await renderToReadableStream(
    <StrictMode>
      <RenderEmotionCaches.Provider value={caches}>
        <FirstRenderContext.Provider value={firstRender}>
          <Providers config={config} i18n={i18n} url={url}>
            <DataProviders>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </DataProviders>
          </Providers>
        </FirstRenderContext.Provider>
      </RenderEmotionCaches.Provider>
    </StrictMode>,
    { signal: request.signal },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  // Read before the state below is written out, which reads every field.
  const showsRenderTime = renderTimeRead();
  const state: ServerPageState = {
    locale: entry.code,
    config,
    firstRender,
    hydration: { loaderData: hydrationLoaderData(context), actionData: context.actionData, errors: null },
  };
  return {
    kind: 'page',
    status: context.statusCode,
    document: serverPageDocument(template, html, state, entry, {
      head: pageHeadOf(context),
      styles: styleTagsOf([caches.ltr, caches.rtl], html),
      publicUrl,
    }),
    showsRenderTime,
  };
}
