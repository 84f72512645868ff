// Follows a GraphQL subscription while `enabled`: each result as it arrives, the connection state
// and the last error. Re-subscribes when the operation, its variables or `resubscribeKey` change
// (e.g. the signed-in user, whose token the connection carries).
import { useEffect, useEffectEvent, useState } from 'react';
import { useGraphqlClient } from './graphql-provider';
import {
  type GraphqlDocument,
  type GraphqlResult,
  GraphqlUsageError,
  type SubscriptionState,
} from './graphql-types';
import { hash10 } from './query-key';

export interface SubscriptionStatus {
  state: SubscriptionState;
  error: unknown;
}

export function useGraphqlSubscription<TResult, TVariables>(
  document: GraphqlDocument<TResult, TVariables>,
  options: {
    variables?: TVariables;
    enabled?: boolean;
    resubscribeKey?: unknown;
    onResult: (result: GraphqlResult<TResult>) => void;
  },
): SubscriptionStatus {
  const client = useGraphqlClient();
  if (!client)
    throw new GraphqlUsageError('A GraphQL subscription needs a client: render it inside <GraphqlProvider>');
  const { variables, enabled = true, resubscribeKey, onResult } = options;
  const [status, setStatus] = useState<SubscriptionStatus>({ state: { state: 'closed' }, error: null });
  const deliver = useEffectEvent(onResult);
  const query = document.toString();
  const variablesKey = hash10(JSON.stringify(variables ?? {}));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the variables are compared by their hash
  useEffect(() => {
    if (!enabled) return;
    setStatus({ state: { state: 'connecting' }, error: null });
    return client.subscribe(document, variables, {
      next: (result) => deliver(result),
      error: (error) => setStatus({ state: { state: 'closed' }, error }),
      complete: () => setStatus((s) => ({ ...s, state: { state: 'closed' } })),
      state: (state) => setStatus((s) => ({ ...s, state })),
    });
  }, [client, query, variablesKey, enabled, resubscribeKey]);

  return status;
}
