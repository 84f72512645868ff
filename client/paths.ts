// Every in-app URL, built in one place so components never hard-code routes.
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const defined = Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]);
  return defined.length > 0 ? `${path}?${new URLSearchParams(defined)}` : path;
}

/** The search screen's query string: text, filters (JSON), sort, page and items per page. */
export type SearchQuery = {
  s?: string;
  f?: string;
  sort?: string;
  page?: string;
  itemsPerPage?: string;
};

export const paths = {
  index: () => '/',
  home: () => '/home',
  about: () => '/about',
  contact: () => '/contact',
  theme: () => '/theme',
  /** The search screen; `query` in the order the screen writes it (spec §2). */
  search: (query: SearchQuery = {}) => withQuery('/search', query),
  /** search-chips: the search screen limited to these data types. */
  searchChips: (chips: string[], query: SearchQuery = {}) =>
    withQuery(`/search/${chips.map(encodeURIComponent).join(',')}`, query),
  item: (dataSource: string, key: string) =>
    `/item/${encodeURIComponent(dataSource)}/${encodeURIComponent(key)}`,
  group: (groupNumber: number) => `/group_${groupNumber}`,
  errorWithComment: (comment: string) => `/error_${encodeURIComponent(comment)}`,
  errorTest: () => '/errorTest',
  throwError: () => '/throw_error',
  testGraphql: () => '/testGraphql',
  vuetifyI18n: () => '/vuetifyi18n',
  loginCallback: (callbackUrl?: string) => withQuery('/loginCallbackUrl', { callbackUrl }),
  login: (callbackUrl?: string, error?: string) => withQuery('/modules/auth/login', { callbackUrl, error }),
  authGuest: () => '/modules/auth/guest',
  authProtected: () => '/modules/auth/protected',
  authCheckRole: () => '/modules/auth/checkrole',
  authLoginStatus: () => '/modules/auth/loginStatus',
  i18nBasic: () => '/modules/i18n/basic',
  i18nTransform: () => '/modules/i18n/transform',
  cookieSettings: () => '/CookieConsent/settings',
  storageExpiry: () => '/modules/storage/expiry',
  storageChecksum: () => '/modules/storage/checksum',
  storageSnapshot: () => '/modules/storage/snapshot',
  loggingExample: () => '/modules/logging/example',
  searchAndReloadOnSubmit: () => '/modules/search/searchAndReloadOnSubmit',
  /** The data owners' console (role admin): sources first. */
  admin: () => '/admin',
  adminImport: (source?: string) => withQuery('/admin/import', { source }),
  /** A source's documents, found by key or title prefix `q`. */
  adminDocuments: (source?: string, q?: string) => withQuery('/admin/documents', { source, q }),
  adminDocument: (source: string, key: string) =>
    `/admin/documents/${encodeURIComponent(source)}/${encodeURIComponent(key)}`,
  adminLookups: () => '/admin/lookups',
  adminPeople: () => '/admin/people',
  adminAudit: () => '/admin/audit',
} as const;

/** `/search` and `/search/:chips`: the search screen's paths. */
export function isSearchScreenPath(pathname: string): boolean {
  const screen = paths.search();
  return pathname === screen || pathname.startsWith(`${screen}/`);
}

/** `/item/:dataSource/:key`: an item's page. */
export function isItemPath(pathname: string): boolean {
  return pathname.startsWith('/item/');
}
