// /item/:datasource/:key: the item viewer, reading the item from the search index on the device,
// with lookups labelling coded values. Public sources' items are for everyone; for a protected
// source's the route guard has already sent visitors to sign in.
import { useLocation, useParams } from 'react-router';
import { useAppConfig } from '#client/config/app-config';
import { sessionHolds, useSignedIn } from '#client/features/auth/use-auth';
import { ItemViewer } from '#client/features/item-viewer/item-viewer';
import { useLookups } from '#client/features/lookups/use-lookups';
import { SearchDepsContext } from '#client/features/search/search-deps-context';
import { useSearchLabels } from '#client/features/search/search-labels';
import { filteredSearchUrl, searchUrlOfItemState } from '#client/features/search/search-url-state';
import { useIndexedItem } from '#client/features/search/use-indexed-item';
import { paths } from '#client/paths';
import { appSearchDeps } from '../app-search';

export function Component() {
  return (
    <SearchDepsContext value={appSearchDeps()}>
      <IndexedItemViewer />
    </SearchDepsContext>
  );
}

function IndexedItemViewer() {
  const { datasource = '', key = '' } = useParams();
  const { dataSources } = useAppConfig().gapSearch;
  const location = useLocation();
  const signedIn = useSignedIn();
  const item = useIndexedItem(dataSources, signedIn, datasource, key);
  const labels = useSearchLabels(useLookups(signedIn, sessionHolds).lookupLabel);
  const source = dataSources[datasource];
  return (
    <ItemViewer
      item={item}
      sourceName={datasource}
      itemKey={key}
      source={source}
      labels={labels}
      backTo={searchUrlOfItemState(location.state)}
      searchUrl={(filter) =>
        !source
          ? paths.search()
          : filter
            ? filteredSearchUrl(source.dataType, filter.key, filter.value)
            : paths.searchChips([source.dataType])
      }
    />
  );
}
