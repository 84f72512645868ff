// A TanStack query read for what it draws in the background: its changes re-render in a transition,
// in slices that yield to the browser. useQuery reads the observer with useSyncExternalStore, whose
// updates React always runs synchronously: a query that starts fetching as its component mounts
// re-renders that component at once, in the task of the commit, and so does each answer.
import {
  type DefaultError,
  notifyManager,
  type QueryKey,
  QueryObserver,
  type UseQueryOptions,
  type UseQueryResult,
  useQueryClient,
} from '@tanstack/react-query';
import { startTransition, useEffect, useReducer, useState } from 'react';

/**
 * useQuery's result, drawn again (in a transition) when the query changes. A reader may show a state
 * a moment older than a useQuery reader: use it for what only draws, not for what decides a
 * navigation. `notifyOnChangeProps: []` keeps a query fetched while mounted without drawing it again.
 * No suspense, and errors stay in the result.
 */
export function useQueryInTransition<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const client = useQueryClient();
  const defaulted = client.defaultQueryOptions(options);
  defaulted._optimisticResults = 'optimistic';
  const [observer] = useState(
    () => new QueryObserver<TQueryFnData, TError, TData, TQueryFnData, TQueryKey>(client, defaulted),
  );
  const result = observer.getOptimisticResult(defaulted);
  const [, drawAgain] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    observer.setOptions(defaulted);
  }, [defaulted, observer]);
  useEffect(() => {
    const unsubscribe = observer.subscribe(notifyManager.batchCalls(() => startTransition(drawAgain)));
    // A change between the render and the subscription is told to the listener now.
    observer.updateResult();
    return unsubscribe;
  }, [observer]);
  return defaulted.notifyOnChangeProps ? result : observer.trackResult(result);
}
