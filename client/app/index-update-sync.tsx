// Keeps loaded search indexes current when the server says one was rebuilt (spec §7: indexUpdated
// makes the search worker reload that source). Rendered only with a WebSocket endpoint configured
// (providers.tsx): without one, the default, no subscription stays open and the search asks for
// checksums itself.
import { useAppConfig } from '../config/app-config';
import { useAuth } from '../features/auth/use-auth';
import { browserSearchDeps } from '../features/search/browser-search-deps';
import { loadSearchIndexes } from '../features/search/load-search-indexes';
import { searchLoadStore } from '../features/search/search-load-store';
import { IndexUpdatedDocument } from '../graphql/generated/operations';
import { useGraphqlSubscription } from '../graphql/use-graphql-subscription';

export function IndexUpdateSync() {
  const { dataSources } = useAppConfig().gapSearch;
  const status = useAuth((s) => s.status);
  const signedIn = status === 'authenticated';
  useGraphqlSubscription(IndexUpdatedDocument, {
    enabled: status !== 'loading',
    resubscribeKey: signedIn,
    onResult: ({ data }) => {
      const known = data && searchLoadStore.getSnapshot().sources[data.indexUpdated.dataSource];
      // Reloading checks every visible source's checksum and fetches only the changed one; sources
      // this page never loaded stay unloaded.
      if (known && known.crc32c !== data.indexUpdated.crc32c) {
        void loadSearchIndexes(dataSources, signedIn, browserSearchDeps());
      }
    },
  });
  return null;
}
