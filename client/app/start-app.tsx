// Start-up, once main.tsx has evaluated React and the router: ask for the session and the opened
// route's chunks, load the public configuration and messages, then render the router inside the
// providers; or, on a page the server rendered (docs/rendering.md), hydrate it with what it carries.
import type { i18n as I18n } from 'i18next';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import type { RouterProvider } from 'react-router';
import type { PublicConfig } from '#shared/app-config';
import { defaultLocale, findLocale } from '#shared/locales';
import { loadAppConfig } from '../config/app-config';
import { authStore } from '../features/auth/auth-store';
import { initI18n } from '../i18n/i18n';
import { loadMuiTranslations } from '../i18n/mui-localizations';
import { FirstRenderContext } from '../lib/first-render';
import { installGlobalErrorCapture, reactRootErrorOptions } from '../logging/error-capture';
import { paths } from '../paths';
import { BASE_FAMILY, parseColorSchemeName } from '../theme/color-scheme';
import { rightToLeftCache } from '../theme/emotion-caches';
import { loadColorFamilies } from '../theme/m3-colors';
import { installPreloadErrorReload } from './chunk-reload';
import { dropEarlyInput, replayEarlyInput } from './early-input';
import { Providers } from './providers';
import { prepareServerDrawnFrame } from './root-shell';
import { RoutePreloadContext } from './route-preload-context';
import { createAppRouter, prepareRoutesOf, routePreloader } from './router';
import { readServerPage, type ServerPageState } from './server-page';

/** What main.tsx has evaluated, each in a task of its own, before this module. */
export interface StartModules {
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
  RouterProvider: typeof RouterProvider;
}

declare global {
  interface Window {
    /** Read by createBrowserRouter: the server's router state for the hydrating page. */
    __staticRouterHydrationData?: ServerPageState['hydration'];
  }
}

/**
 * Calls `done` once what it wraps has hydrated: a parent's effects run after all its children's.
 * Placed inside every provider, since the theme's Suspense boundary hydrates after the root does.
 */
function Hydrated({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done]);
  return children;
}

/**
 * Whatever the first screen of a server-rendered page waits for, so hydration never suspends;
 * false when some of it could not be loaded (offline before the app's code arrived).
 */
function prepareServerPage(page: ServerPageState): Promise<boolean> {
  const family = parseColorSchemeName(page.firstRender.colorSchemeCookie ?? '')?.family ?? BASE_FAMILY;
  return Promise.all([
    findLocale(page.locale)?.dir === 'rtl' ? rightToLeftCache.load() : null,
    page.locale === defaultLocale ? null : loadMuiTranslations(),
    family === BASE_FAMILY ? null : loadColorFamilies(),
    prepareRoutesOf(new URL(window.location.href)),
    prepareServerDrawnFrame(),
  ]).then(
    () => true,
    (error: unknown) => {
      console.warn('The page is drawn again in the browser: its code could not be loaded', error);
      return false;
    },
  );
}

/**
 * Not top-level await: the build puts this module in the shell chunk that lazy chunks import, and
 * a shell still awaiting its own dynamic imports would never finish loading them. Rejects, with
 * nothing rendered, when the app cannot start.
 */
export async function startApp(
  rootElement: HTMLElement,
  { createRoot, hydrateRoot, RouterProvider }: StartModules,
): Promise<void> {
  let router: ReturnType<typeof createAppRouter> | undefined;
  installPreloadErrorReload(() => (router?.state.navigation.state ?? 'idle') !== 'idle');
  installGlobalErrorCapture();
  const page = readServerPage();

  // What the first screen waits for, asked for now rather than after the configuration arrives:
  // the session and the chunks of the route being opened.
  void authStore.ready();
  routePreloader.preload(window.location.pathname);

  const appOf = (
    config: PublicConfig,
    i18n: I18n,
    DataProviders: (p: { children: ReactNode }) => ReactNode,
    onHydrated?: () => void,
  ) => {
    router = createAppRouter();
    const routes = <RouterProvider router={router} />;
    return (
      <StrictMode>
        <FirstRenderContext.Provider value={page?.firstRender ?? null}>
          <Providers config={config} i18n={i18n} url={new URL(window.location.href)}>
            <DataProviders>
              <RoutePreloadContext.Provider value={routePreloader.preload}>
                {onHydrated ? <Hydrated done={onHydrated}>{routes}</Hydrated> : routes}
              </RoutePreloadContext.Provider>
            </DataProviders>
          </Providers>
        </FirstRenderContext.Provider>
      </StrictMode>
    );
  };

  if (page) {
    const [i18n, { DataProviders }, hydrating] = await Promise.all([
      initI18n(page),
      import('./data-providers'),
      prepareServerPage(page),
    ]);
    if (hydrating) {
      window.__staticRouterHydrationData = page.hydration;
      const app = appOf(page.config, i18n, DataProviders, replayEarlyInput);
      // A transition hydrates in slices that yield to the browser, not in one long task.
      startTransition(() => {
        hydrateRoot(rootElement, app, reactRootErrorOptions);
      });
    } else {
      // As a start without the server's page: the router loads what it lacks (or shows its error
      // page), and what the server drew goes, with any input held for it.
      dropEarlyInput();
      const app = appOf(page.config, i18n, DataProviders);
      startTransition(() => createRoot(rootElement, reactRootErrorOptions).render(app));
    }
  } else {
    const root = createRoot(rootElement, reactRootErrorOptions);
    try {
      const [config, i18n, { DataProviders }] = await Promise.all([
        loadAppConfig(),
        initI18n(),
        import('./data-providers'),
      ]);
      document.title = config.platformName;
      const app = appOf(config, i18n, DataProviders);
      // A transition renders in slices that yield to the browser, not in one long task.
      startTransition(() => root.render(app));
    } catch (error) {
      root.unmount();
      throw error;
    }
  }
  routePreloader.preloadAfterStartup([paths.search(), paths.home(), paths.about()]);
}
