// Start-up, once main.tsx has evaluated React and the router: ask for the session and the opened
// route's chunks, load the public configuration and messages, then render the router inside the
// providers.
import { StrictMode, startTransition } from 'react';
import type { createRoot } from 'react-dom/client';
import type { RouterProvider } from 'react-router';
import { loadAppConfig } from '../config/app-config';
import { authStore } from '../features/auth/auth-store';
import { initI18n } from '../i18n/i18n';
import { installGlobalErrorCapture, reactRootErrorOptions } from '../logging/error-capture';
import { paths } from '../paths';
import { installPreloadErrorReload } from './chunk-reload';
import { Providers } from './providers';
import { RoutePreloadContext } from './route-preload-context';
import { createAppRouter, routePreloader } from './router';

/** What main.tsx has evaluated, each in a task of its own, before this module. */
export interface StartModules {
  createRoot: typeof createRoot;
  RouterProvider: typeof RouterProvider;
}

/**
 * Not top-level await: the build puts this module in the shell chunk that lazy chunks import, and
 * a shell still awaiting its own dynamic imports would never finish loading them. Rejects, with
 * nothing rendered, when the app cannot start.
 */
export async function startApp(
  rootElement: HTMLElement,
  { createRoot, RouterProvider }: StartModules,
): Promise<void> {
  let router: ReturnType<typeof createAppRouter> | undefined;
  installPreloadErrorReload(() => (router?.state.navigation.state ?? 'idle') !== 'idle');
  installGlobalErrorCapture();

  // What the first screen waits for, asked for now rather than after the configuration arrives:
  // the session and the chunks of the route being opened.
  void authStore.ready();
  routePreloader.preload(window.location.pathname);

  const root = createRoot(rootElement, reactRootErrorOptions);
  try {
    const [config, i18n, { DataProviders }] = await Promise.all([
      loadAppConfig(),
      initI18n(),
      import('./data-providers'),
    ]);
    document.title = config.platformName;
    router = createAppRouter();
    const app = (
      <StrictMode>
        <Providers config={config} i18n={i18n}>
          <DataProviders>
            <RoutePreloadContext.Provider value={routePreloader.preload}>
              <RouterProvider router={router} />
            </RoutePreloadContext.Provider>
          </DataProviders>
        </Providers>
      </StrictMode>
    );
    // A transition renders in slices that yield to the browser, not in one long task.
    startTransition(() => root.render(app));
    routePreloader.preloadAfterStartup([paths.search(), paths.home(), paths.about()]);
  } catch (error) {
    root.unmount();
    throw error;
  }
}
