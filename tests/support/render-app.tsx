// Renders client components as users see them, for component tests (happy-dom): inside the app's
// own providers (configuration, i18next with the English messages of locales/en.json, the MUI
// theme), TanStack Query, and a memory router opened at `url`, so a test can follow navigations.

import { readFileSync } from 'node:fs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';
import appConfig from '#app-config';
import { Providers } from '#client/app/providers';
import { type PublicConfig, parseAppConfig } from '#shared/app-config';

const englishMessages = JSON.parse(readFileSync('locales/en.json', 'utf8')) as object;

// Testing Library does these by itself only with Vitest's globals, which are off: tell React that
// updates are wrapped in act(), and unmount after each test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => cleanup());

let english: Promise<I18n> | undefined;

/** One i18next instance per test file, with the messages inline instead of fetched from the server. */
export function englishI18n(): Promise<I18n> {
  english ??= (async () => {
    const instance = i18next.createInstance();
    await instance.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: { en: { translation: englishMessages } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    return instance;
  })();
  return english;
}

/** The app's own configuration without its data sources: tests bring the sources they need. */
export const testConfig: PublicConfig = parseAppConfig({ ...appConfig, gapSearch: { dataSources: {} } });

export interface RenderAppOptions {
  /** The routes to mount, e.g. `{ path: '/search', element: <SearchScreen … /> }`. */
  routes: RouteObject[];
  /** Where the memory router starts. */
  url: string;
  config?: PublicConfig;
}

export async function renderApp({ routes, url, config = testConfig }: RenderAppOptions) {
  const i18n = await englishI18n();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // No retries: a failing request should show its error at once, not after the default backoff.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // No pause between keystrokes: nothing waits on a timer, so fake timers need no advancing here.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Providers config={config} i18n={i18n} url={new URL(url, 'http://localhost')}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Providers>,
  );
  /** The current path and query string, as the address bar would show them. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, user, router, location, queryClient };
}
