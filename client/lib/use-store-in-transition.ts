// A zustand store read for what it draws in the background: its changes re-render in a transition,
// in slices that yield to the browser. Read with useSyncExternalStore (zustand's useStore), every
// change re-renders synchronously in one task, and a page the server drew is re-rendered so right
// after hydration when the store moved on meanwhile: the long tasks of a phone's first visit.
import { startTransition, useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { StoreApi } from 'zustand';
import { useServerDrawn } from './first-render';

/**
 * What `select` picks of `store`, drawn again (in a transition) once `equal` says it changed.
 * A reader may show a state a moment older than a reader of useStore: use it for what only draws
 * (progress, load states), never for what an input shows as it is typed. Hydrating a server-drawn
 * page it starts from the store's initial state, as the server drew.
 */
export function useStoreInTransition<S, T>(
  store: StoreApi<S>,
  select: (state: S) => T,
  equal: (a: T, b: T) => boolean = Object.is,
): T {
  const serverDrawn = useServerDrawn();
  const [snapshot, setSnapshot] = useState(() => (serverDrawn ? store.getInitialState() : store.getState()));
  const picked = useMemo(() => select(snapshot), [select, snapshot]);
  const follow = useEffectEvent((next: S) => {
    if (!equal(select(next), picked)) startTransition(() => setSnapshot(next));
  });
  useEffect(() => {
    follow(store.getState());
    return store.subscribe((next) => follow(next));
  }, [store]);
  // A new `select` (other props) looks at the snapshot held, which may predate a change it ignored.
  useEffect(() => follow(store.getState()));
  return picked;
}
