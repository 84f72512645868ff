// Every route of spec §2, each loaded on demand, grouped under its layout (gapui, default, gap).
import { createBrowserRouter, matchRoutes, type RouteObject, RouterContextProvider } from 'react-router';
import type { PublicConfig } from '#shared/app-config';
import { notFoundError } from './app-error';
import { RootErrorBoundary } from './root-error-boundary';
import { RootShell, StartupProgress } from './root-shell';
import type { RouteHandle } from './route-auth';
import { createRouteGuard, revalidateOnSessionChange } from './route-guard';
import { createRoutePreloader } from './route-preloader';

const handle = (h: RouteHandle) => h;

const protectedSource = ({ gapSearch }: PublicConfig, name: string) =>
  Object.hasOwn(gapSearch.dataSources, name) && gapSearch.dataSources[name]!.protected;

const gapuiRoutes: RouteObject[] = [
  { id: 'index', index: true, lazy: () => import('./routes/home') },
  { id: 'home', path: 'home', lazy: () => import('./routes/home') },
  { path: 'about', lazy: () => import('./routes/about') },
  { path: 'contact', lazy: () => import('./routes/contact') },
  { path: 'theme', lazy: () => import('./routes/theme') },
  { id: 'search', path: 'search', handle: handle({ auth: false }), lazy: () => import('./routes/search') },
  {
    id: 'search-chips',
    path: 'search/:chips',
    handle: handle({ auth: false }),
    lazy: () => import('./routes/search'),
  },
  { path: 'errorTest', lazy: () => import('./routes/error-test') },
  { path: 'throw_error', lazy: () => import('./routes/throw-error') },
  { path: 'testGraphql', lazy: () => import('./routes/test-graphql') },
  { path: 'vuetifyi18n', lazy: () => import('./routes/component-i18n') },
  {
    path: 'modules/auth/guest',
    handle: handle({
      auth: { unauthenticatedOnly: true, navigateAuthenticatedTo: '/modules/auth/protected' },
    }),
    lazy: () => import('./routes/auth-guest'),
  },
  {
    path: 'modules/auth/protected',
    handle: handle({ auth: true }),
    lazy: () => import('./routes/auth-protected'),
  },
  { path: 'modules/auth/checkrole', lazy: () => import('./routes/auth-check-role') },
  { path: 'modules/auth/loginStatus', lazy: () => import('./routes/auth-login-status') },
  { path: 'modules/i18n/basic', lazy: () => import('./routes/i18n-basic') },
  { path: 'modules/i18n/transform', lazy: () => import('./routes/i18n-transform') },
  { path: 'CookieConsent/settings', lazy: () => import('./routes/cookie-settings') },
  { path: 'modules/storage/expiry', lazy: () => import('./routes/storage-expiry') },
  { path: 'modules/storage/checksum', lazy: () => import('./routes/storage-checksum') },
  { path: 'modules/storage/snapshot', lazy: () => import('./routes/storage-snapshot') },
  { path: 'modules/logging/example', lazy: () => import('./routes/logging-example') },
  { path: 'modules/search/searchAndReloadOnSubmit', lazy: () => import('./routes/search-reload-on-submit') },
  {
    path: 'admin',
    handle: handle({ auth: { role: 'admin' } }),
    lazy: () => import('./routes/admin'),
    children: [
      { index: true, lazy: () => import('./routes/admin-sources') },
      { path: 'import', lazy: () => import('./routes/admin-import') },
      { path: 'documents', lazy: () => import('./routes/admin-documents') },
      { path: 'documents/:source/:key', lazy: () => import('./routes/admin-document') },
      { path: 'lookups', lazy: () => import('./routes/admin-lookups') },
      { path: 'people', lazy: () => import('./routes/admin-people') },
      { path: 'audit', lazy: () => import('./routes/admin-audit') },
    ],
  },
  // /group_{groupNumber} and /error_{errorComment}: React Router params span whole segments,
  // so one route takes the segment and its loader dispatches on the prefix (or answers 404).
  { path: ':prefixed', lazy: () => import('./routes/prefixed') },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    middleware: [createRouteGuard(() => routes)],
    Component: RootShell,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: StartupProgress,
    children: [
      {
        // A page's error shows inside the shell, which keeps the consent banner and the app's
        // notices (offline, install, update); the root's boundary is for the shell's own errors.
        id: 'pages',
        ErrorBoundary: RootErrorBoundary,
        children: [
          { lazy: () => import('./layouts/gapui-layout'), children: gapuiRoutes },
          {
            lazy: () => import('./layouts/default-layout'),
            children: [
              {
                path: 'modules/auth/login',
                handle: handle({ auth: { unauthenticatedOnly: true, navigateAuthenticatedTo: '/' } }),
                lazy: () => import('./routes/auth-login'),
              },
            ],
          },
          {
            lazy: () => import('./layouts/gap-layout'),
            children: [
              {
                path: 'item/:datasource/:key',
                // Public sources' items are for everyone; a protected source's need sign-in.
                handle: handle({
                  auth: ({ datasource = '' }, config) => protectedSource(config, datasource),
                }),
                lazy: () => import('./routes/item'),
              },
              { path: 'loginCallbackUrl', lazy: () => import('./routes/login-callback') },
            ],
          },
          {
            path: '*',
            loader: ({ request }) => {
              throw notFoundError(new URL(request.url).pathname);
            },
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes, { future: { v8_middleware: true } });
  revalidateOnSessionChange(router);
  return router;
}

export const routePreloader = createRoutePreloader(routes);

/**
 * Before hydrating a server-rendered page: loads the modules of the routes that `url` matches into
 * the route objects, so the router renders the page at once instead of its fallback, and runs
 * their loaders for what they prepare (their data comes with the page).
 */
export async function prepareRoutesOf(url: URL): Promise<void> {
  const matches = matchRoutes(routes, url) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  const request = new Request(url);
  await Promise.all(
    matches.map(({ route, params }) =>
      typeof route.loader === 'function'
        ? route.loader({
            request,
            params,
            context: new RouterContextProvider(),
            unstable_pattern: '',
          } as never)
        : null,
    ),
  );
}
