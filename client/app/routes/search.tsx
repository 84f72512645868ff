// /search and /search/:chips (search-chips): the search screen, searching the protected sources
// too once the user is signed in, with lookups labelling coded values. Also installs the
// developer hook window.siftSearch.
import { useEffect } from 'react';
import { useAppConfig } from '../../config/app-config';
import { useSignedIn } from '../../features/auth/use-auth';
import { useLookups } from '../../features/lookups/use-lookups';
import { installSearchDevHook } from '../../features/search/search-dev-hook';
import { SearchScreen } from '../../features/search/search-screen';

export function Component() {
  const { dataSources } = useAppConfig().gapSearch;
  const signedIn = useSignedIn();
  const { lookupLabel } = useLookups(signedIn);
  useEffect(() => installSearchDevHook(dataSources), [dataSources]);
  return <SearchScreen dataSources={dataSources} signedIn={signedIn} lookupLabel={lookupLabel} />;
}
