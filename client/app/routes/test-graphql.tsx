// /testGraphql: the GraphQL developer page, with the lookups summary of the signed-in user.
import { useSignedIn } from '../../features/auth/use-auth';
import { GraphqlPlaygroundPage } from '../../features/graphql-playground/graphql-playground-page';
import { LookupsPanel } from '../../features/lookups/lookups-panel';
import { useLookups } from '../../features/lookups/use-lookups';

export function Component() {
  const signedIn = useSignedIn();
  const lookups = useLookups(signedIn);
  return <GraphqlPlaygroundPage signedIn={signedIn} lookupsPanel={<LookupsPanel lookups={lookups} />} />;
}
