// GraphQL queries through TanStack Query: keyed by the 10-character hash of query and variables,
// run by the GraphqlProvider's client with the bearer token. Spec §8: a query without a query or
// without a client throws.
import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { GraphqlClient } from './graphql-client';
import { useGraphqlClient } from './graphql-provider';
import { type GraphqlDocument, GraphqlUsageError } from './graphql-types';
import { graphqlQueryKey } from './query-key';

export type GraphqlQueryOptions<TResult> = Omit<
  UseQueryOptions<TResult, Error, TResult>,
  'queryKey' | 'queryFn'
>;

/** The query key and function of an operation, checked for a query and a client. */
export function graphqlQueryOptions<TResult, TVariables>(
  client: GraphqlClient | null | undefined,
  document: GraphqlDocument<TResult, TVariables> | null | undefined,
  variables?: TVariables,
) {
  if (!client)
    throw new GraphqlUsageError('A GraphQL query needs a client: render it inside <GraphqlProvider>');
  const query = document?.toString().trim();
  if (!document || !query) throw new GraphqlUsageError('A GraphQL query needs a query');
  return {
    queryKey: graphqlQueryKey(query, variables as Record<string, unknown> | undefined),
    queryFn: ({ signal }: { signal: AbortSignal }) => client.request(document, variables, signal),
  };
}

export function useGraphqlQuery<TResult, TVariables>(
  document: GraphqlDocument<TResult, TVariables>,
  variables?: TVariables,
  options: GraphqlQueryOptions<TResult> = {},
): UseQueryResult<TResult, Error> {
  const client = useGraphqlClient();
  return useQuery({ ...options, ...graphqlQueryOptions(client, document, variables) });
}
