// Loads the lookups with the fallback of spec §7/§8: from the server when it answers (and keep a
// copy on the device), else the device copy, else an error that is logged.
import type { Lookup, LookupsStorage } from './lookups-storage';

export interface LoadedLookups {
  lookups: Lookup[];
  from: 'network' | 'storage';
}

export class LookupsUnavailableError extends Error {
  override name = 'LookupsUnavailableError';
}

export interface LookupsDeps {
  fetch: () => Promise<Lookup[]>;
  storage: LookupsStorage;
  logError: (error: LookupsUnavailableError) => void;
  warn: (message: string, error: unknown) => void;
}

export async function loadLookups(deps: LookupsDeps): Promise<LoadedLookups> {
  let lookups: Lookup[];
  try {
    lookups = await deps.fetch();
  } catch (error) {
    const stored = deps.storage.read();
    if (stored) return { lookups: stored, from: 'storage' };
    const unavailable = new LookupsUnavailableError('No lookups in the network or in local storage', {
      cause: error,
    });
    deps.logError(unavailable);
    throw unavailable;
  }
  try {
    deps.storage.save(lookups);
  } catch (error) {
    // A full or refused storage costs only the offline copy.
    deps.warn('Could not keep a copy of the lookups on this device', error);
  }
  return { lookups, from: 'network' };
}
