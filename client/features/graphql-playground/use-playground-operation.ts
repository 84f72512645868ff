// Runs the editor's operation through TanStack Query: queries as cached queries under their
// 10-character key (running the same one again refetches it), mutations as mutations. The whole
// GraphQL answer is kept, so the page shows data and errors side by side.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TypedDocumentString } from '#client/graphql/generated/operations';
import type { GraphqlClient } from '#client/graphql/graphql-client';
import type { GraphqlResult } from '#client/graphql/graphql-types';
import { graphqlQueryKey } from '#client/graphql/query-key';
import type { OperationKind } from './playground-presets';

export interface SubmittedOperation {
  kind: Exclude<OperationKind, 'subscription'>;
  query: string;
  variables: Record<string, unknown>;
}

export interface PlaygroundRun {
  /** The query key's hash, for queries. */
  cacheKey?: string;
  pending: boolean;
  result?: GraphqlResult<unknown>;
  error: Error | null;
}

export function usePlaygroundOperation(client: GraphqlClient) {
  const [submitted, setSubmitted] = useState<SubmittedOperation | null>(null);
  const document = (query: string) => new TypedDocumentString<unknown, Record<string, unknown>>(query);
  const queryKey = graphqlQueryKey(submitted?.query ?? '', submitted?.variables);

  const query = useQuery({
    // Whole answers (data and errors) live apart from the ['graphql', hash] entries of query data.
    queryKey: ['graphql-playground', queryKey[1]],
    queryFn: ({ signal }) => client.execute(document(submitted!.query), submitted!.variables, signal),
    enabled: submitted?.kind === 'query',
    staleTime: 0,
    gcTime: 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const mutation = useMutation({
    mutationFn: (operation: SubmittedOperation) =>
      client.execute(document(operation.query), operation.variables),
  });

  const run = (operation: SubmittedOperation) => {
    const sameQuery =
      operation.kind === 'query' && graphqlQueryKey(operation.query, operation.variables)[1] === queryKey[1];
    setSubmitted(operation);
    if (operation.kind === 'mutation') mutation.mutate(operation);
    else if (sameQuery) void query.refetch();
  };

  let state: PlaygroundRun | null = null;
  if (submitted?.kind === 'query') {
    state = { cacheKey: queryKey[1], pending: query.isFetching, result: query.data, error: query.error };
  } else if (submitted?.kind === 'mutation') {
    state = { pending: mutation.isPending, result: mutation.data, error: mutation.error };
  }
  return { run, state };
}
