// The device copy of the lookups (spec §7): localStorage `lookups`, the list as the server sent it.
// Written on every successful load, read when loading fails, removed on sign-out because a signed-in
// user's copy holds lookups of protected sources.
import { z } from 'zod/mini';

export const LOOKUPS_STORAGE_KEY = 'lookups';

export const LookupListSchema = z.array(z.object({ id: z.string(), values: z.array(z.string()) }));
export type Lookup = z.infer<typeof LookupListSchema>[number];

export interface LookupsStorage {
  read(): Lookup[] | null;
  save(lookups: Lookup[]): void;
  clear(): void;
}

export function browserLookupsStorage(storage: Storage = localStorage): LookupsStorage {
  return {
    read() {
      const text = storage.getItem(LOOKUPS_STORAGE_KEY);
      if (text === null) return null;
      try {
        const parsed = LookupListSchema.safeParse(JSON.parse(text));
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    save: (lookups) => storage.setItem(LOOKUPS_STORAGE_KEY, JSON.stringify(lookups)),
    clear: () => storage.removeItem(LOOKUPS_STORAGE_KEY),
  };
}
