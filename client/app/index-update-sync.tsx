// Keeps loaded search indexes current when the server says one was rebuilt (spec §7: indexUpdated
// makes the search worker reload that source). Rendered only with a WebSocket endpoint configured
// (providers.tsx): without one, the default, no subscription stays open and the search asks for
// checksums itself.
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig } from '../config/app-config';
import { useAuth } from '../features/auth/use-auth';
import { reloadSearchIndexes } from '../features/search/load-search-indexes';
import { newestSegment } from '../features/search/search-load-store';
import { IndexUpdatedDocument } from '../graphql/generated/operations';
import { useGraphqlSubscription } from '../graphql/use-graphql-subscription';
import { startedAppSearchDeps } from './app-search';

export function IndexUpdateSync() {
  const { dataSources } = useAppConfig().gapSearch;
  const status = useAuth((s) => s.status);
  const signedIn = status === 'authenticated';
  const queryClient = useQueryClient();
  useGraphqlSubscription(IndexUpdatedDocument, {
    enabled: status !== 'loading',
    resubscribeKey: signedIn,
    onResult: ({ data }) => {
      // A page that never searched has no indexes to keep current.
      const deps = startedAppSearchDeps();
      const known = data && deps?.store.getSnapshot().sources[data.indexUpdated.dataSource];
      // Reloading checks every visible source's checksum and fetches only the changed one; sources
      // this page never loaded stay unloaded.
      if (deps && known && newestSegment(known) !== data.indexUpdated.crc32c) {
        void reloadSearchIndexes(queryClient, dataSources, signedIn, deps);
      }
    },
  });
  return null;
}
