// The app's one key-value store and its backup sync: import these from components (through the
// hooks in use-kv.ts) or from plain code (`await kvStore.ready(); kvStore.get(key)`).
import { createKvStore } from './kv-store';
import { createKvSync } from './kv-sync';

export const kvStore = createKvStore();
export const kvSync = createKvSync({ store: kvStore });
