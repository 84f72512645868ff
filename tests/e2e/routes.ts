// Every route of spec §2 with a concrete path, for the e2e suites.
/** Routes anyone may open. */
export const routeTable = [
  '/',
  '/home',
  '/about',
  '/theme',
  '/search',
  '/search/countries',
  '/contact',
  '/errorTest',
  '/testGraphql',
  '/vuetifyi18n',
  '/loginCallbackUrl',
  '/modules/auth/guest',
  '/modules/auth/login',
  '/modules/auth/checkrole',
  '/modules/auth/loginStatus',
  '/modules/i18n/basic',
  '/modules/i18n/transform',
  '/group_1',
  '/CookieConsent/settings',
  '/modules/storage/expiry',
  '/modules/storage/checksum',
  '/modules/storage/snapshot',
  '/modules/logging/example',
  '/modules/search/searchAndReloadOnSubmit',
];

/** Routes that need a session: anonymous visitors land on the sign-in page (auth.spec.ts opens them signed in). */
export const protectedRoutes = ['/modules/auth/protected', '/item/cities/2988507'];

/** Routes that show the error page on purpose. */
export const errorRoutes = ['/throw_error', '/error_something%20broke'];
