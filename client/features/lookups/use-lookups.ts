// The lookups the caller may read, through TanStack Query (keyed by sign-in and the Lookups query's
// hash), with the device-copy fallback of load-lookups.ts. Signed in: all of them; signed out: those
// of the namespaces public sources use (the server decides; the app's signed-out wipe removes a
// signed-in copy). `lookupLabel` labels an id in the interface language; the app layer hands it to
// the screens that show coded values (search filters, the item viewer).
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupsDocument } from '#client/graphql/generated/operations';
import { useGraphqlClient } from '#client/graphql/graphql-provider';
import { graphqlQueryOptions } from '#client/graphql/use-graphql-query';
import { useQueryInTransition } from '#client/lib/use-query-in-transition';
import { appLogger } from '#client/logging/app-logger';
import { serializeError } from '#client/logging/serialize-error';
import { type LoadedLookups, type LookupsDeps, loadLookups } from './load-lookups';
import { type LookupMap, lookupLabel, toLookupMap } from './lookup-map';
import { browserLookupsStorage } from './lookups-storage';

/** Lookups change rarely; a page keeps them this long before asking again. */
const FRESH_MS = 10 * 60_000;

/** The query key prefix of the lookups loaded for a signed-in (true) or anonymous (false) caller. */
export const lookupsQueryKey = (signedIn: boolean) => ['lookups', signedIn] as const;

export interface LookupsState {
  status: 'loading' | 'ready' | 'unavailable';
  /** Where the current lookups came from. */
  from?: LoadedLookups['from'];
  map: LookupMap;
  /** The label of a lookup id (`<namespace>.<code>`) in the interface language. */
  lookupLabel: (id: string) => string | undefined;
  /** Loads them again now (from the server, else the device copy). */
  reload: () => void;
}

const emptyMap: LookupMap = new Map();

const browserDeps = (fetchLookups: LookupsDeps['fetch']): LookupsDeps => ({
  fetch: fetchLookups,
  storage: browserLookupsStorage(),
  logError: (error) => {
    console.error(`[lookups] ${error.message}`, error.cause);
    appLogger.error({ message: error.message, error: serializeError(error) }, { group: 'lookups' });
  },
  warn: (message, error) => console.warn(`[lookups] ${message}`, error),
});

/**
 * `signedIn` undefined: sign-in is still unknown, so nothing is fetched yet.
 * `sessionOn` says whether the session holds when a signed-in caller's lookups would be fetched (a
 * request sent at sign-out would get the anonymous answer into the signed-in entry).
 */
export function useLookups(signedIn: boolean | undefined, sessionOn: () => boolean): LookupsState {
  const client = useGraphqlClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { queryKey, queryFn } = graphqlQueryOptions(client, LookupsDocument);

  // Labels only draw: the route re-renders in a transition when they arrive.
  const query = useQueryInTransition({
    // Its own namespace: this entry holds the lookups with their origin, not the query's raw data
    // that ['graphql', hash] entries hold. Signed-in and anonymous callers get different answers.
    queryKey: [...lookupsQueryKey(signedIn === true), queryKey[1]],
    queryFn: ({ signal }) => loadLookups(browserDeps(async () => (await queryFn({ signal })).lookups)),
    enabled: () => signedIn === false || (signedIn === true && sessionOn()),
    staleTime: FRESH_MS,
    // Run even offline (TanStack would pause): a failed fetch is what falls back to the device copy.
    networkMode: 'always',
    retry: false,
  });

  const data = signedIn === undefined ? undefined : query.data;
  const map = useMemo(() => (data ? toLookupMap(data.lookups) : emptyMap), [data]);
  const label = useCallback((id: string) => lookupLabel(map, id, language), [map, language]);
  const status: LookupsState['status'] = data ? 'ready' : query.isError ? 'unavailable' : 'loading';
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  return { status, from: data?.from, map, lookupLabel: label, reload };
}
