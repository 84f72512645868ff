// React access to the key-value store: components re-render when what they read changes, in this
// tab or another, and when a value they show expires.
import { useEffect, useReducer } from 'react';
import { useStore } from 'zustand';
import { useServerDrawn } from '#client/lib/first-render';
import type { KvItem } from '#shared/kv/kv-item';
import type { JsonValue } from '#shared/kv/kv-value';
import { kvStore, kvSync } from './app-kv';
import type { SyncState } from './kv-sync';

/** setTimeout takes at most this many milliseconds. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

function useStoreVersion(): number {
  return useStore(kvStore.changes, (s) => s.version);
}

/**
 * Whether what this device holds may be shown yet: not while a page is drawn on the server, which
 * cannot know it, nor while the browser hydrates that page (it draws the store as still loading, as
 * the server did), so hydration agrees however fast the store opened.
 */
const useDeviceShown = () => !useServerDrawn();

/** The value of `key`, or undefined while loading and when it is missing, removed, expired or corrupted. */
export function useKvValue(key: string): JsonValue | undefined {
  useStoreVersion();
  const shown = useDeviceShown();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const item = shown ? kvStore.item(key) : undefined;
  const expiry = item && !item.meta.removed && !item.meta.expired ? item.meta.expiry : null;
  useEffect(() => {
    if (!expiry) return;
    const timer = setTimeout(
      rerender,
      Math.min(Math.max(0, Date.parse(expiry) - Date.now()), LONGEST_TIMEOUT_MS),
    );
    return () => clearTimeout(timer);
  }, [expiry]);
  return shown ? kvStore.get(key) : undefined;
}

/** Every item with its meta (removed and expired ones included), and whether the store has loaded. */
export function useKvItems(): { ready: boolean; items: KvItem[] } {
  useStoreVersion();
  const shown = useDeviceShown();
  return { ready: shown && kvStore.isReady(), items: shown ? kvStore.items() : [] };
}

/** While a user is signed in, the items stored before sign-in that wait for the user's answer. */
export function useAnonymousItems(): KvItem[] {
  useStoreVersion();
  return useDeviceShown() ? kvStore.anonymousItems() : [];
}

/** Keys of the signed-in user's items whose latest change the backup does not hold yet. */
export function useUnbackedKeys(): string[] {
  useStoreVersion();
  return kvStore.unbackedKeys();
}

export function useKvSyncState(): SyncState;
export function useKvSyncState<T>(select: (state: SyncState) => T): T;
export function useKvSyncState<T>(select: (state: SyncState) => T | SyncState = (s) => s): T | SyncState {
  return useStore(kvSync.state, select);
}
