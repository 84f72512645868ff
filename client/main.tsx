// Entry: load the public configuration and messages, then render the router inside the providers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installPreloadErrorReload } from './app/chunk-reload';
import { Providers } from './app/providers';
import { createAppRouter, routePreloader } from './app/router';
import { loadAppConfig } from './config/app-config';
import { authStore } from './features/auth/auth-store';
import { initI18n } from './i18n/i18n';
import { installGlobalErrorCapture, reactRootErrorOptions } from './logging/error-capture';
import { paths } from './paths';

let router: ReturnType<typeof createAppRouter> | undefined;
installPreloadErrorReload(() => (router?.state.navigation.state ?? 'idle') !== 'idle');
installGlobalErrorCapture();

// What the first screen waits for, asked for now rather than after the configuration arrives:
// the session and the chunks of the route being opened.
void authStore.ready();
routePreloader.preload(window.location.pathname);

const root = createRoot(document.getElementById('root')!, reactRootErrorOptions);

/**
 * Not top-level await: the build puts this module in the shell chunk that lazy chunks import, and
 * a shell still awaiting its own dynamic imports would never finish loading them.
 */
async function start(): Promise<void> {
  try {
    const [config, i18n, { DataProviders }] = await Promise.all([
      loadAppConfig(),
      initI18n(),
      import('./app/data-providers'),
    ]);
    document.title = config.platformName;
    router = createAppRouter();
    root.render(
      <StrictMode>
        <Providers config={config} i18n={i18n}>
          <DataProviders>
            <RouterProvider router={router} />
          </DataProviders>
        </Providers>
      </StrictMode>,
    );
    routePreloader.preloadAfterStartup([paths.search(), paths.home(), paths.about()]);
  } catch (error) {
    console.error('Sift could not start', error);
    const message = document.createElement('p');
    message.style.cssText = 'font: 16px system-ui; padding: 24px';
    message.textContent = 'Sift could not start. Check your connection and reload the page.';
    root.unmount();
    document.getElementById('root')!.replaceChildren(message);
  }
}

void start();
