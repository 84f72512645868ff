// /testGraphql: the GraphQL developer page, with the lookups summary of the signed-in user.
import { sessionHolds, useSignedIn } from '#client/features/auth/use-auth';
import { GraphqlPlaygroundPage } from '#client/features/graphql-playground/graphql-playground-page';
import { LookupsPanel } from '#client/features/lookups/lookups-panel';
import { useLookups } from '#client/features/lookups/use-lookups';

export function Component() {
  const signedIn = useSignedIn();
  const lookups = useLookups(signedIn, sessionHolds);
  return <GraphqlPlaygroundPage signedIn={signedIn} lookupsPanel={<LookupsPanel lookups={lookups} />} />;
}
