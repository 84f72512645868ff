// The last searches made on purpose on this device (Enter, a suggestion, a result opened), offered
// again when the search box is focused and empty. Kept only with the "preferences" consent (key
// gap-search:recentSearches in the storage catalogue), for the person they were made by: a
// signed-in user's are removed at sign-out (signed-out-wipe.tsx) and never shown to anyone else.
import { z } from 'zod/mini';
import { optionalStorage } from '#client/consent/optional-storage';
import { foldText } from '#shared/search/tokenizer';

export const RECENT_SEARCHES_KEY = 'gap-search:recentSearches';
/** Searches kept, newest first. */
export const RECENT_SEARCHES_LIMIT = 5;

/** `owner`: the signed-in user's id, or null for nobody. */
const StoredSchema = z.object({ owner: z.nullable(z.string()), searches: z.array(z.string()) });
type Stored = z.infer<typeof StoredSchema>;

const storage = optionalStorage('preferences');

function read(): Stored | undefined {
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(storage.read(RECENT_SEARCHES_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function write(owner: string | null, searches: string[]): void {
  if (searches.length === 0) storage.remove(RECENT_SEARCHES_KEY);
  else storage.write(RECENT_SEARCHES_KEY, JSON.stringify({ owner, searches } satisfies Stored));
}

/** The recent searches of `owner`, newest first. */
export function readRecentSearches(owner: string | null): string[] {
  const stored = read();
  return stored?.owner === owner ? stored.searches : [];
}

const same = (a: string, b: string) => foldText(a) === foldText(b);

/** Puts `text` first (once, whatever its accents or case); someone else's list is replaced. */
export function rememberSearch(text: string, owner: string | null): void {
  const search = text.trim();
  if (!search) return;
  const others = readRecentSearches(owner).filter((kept) => !same(kept, search));
  write(owner, [search, ...others].slice(0, RECENT_SEARCHES_LIMIT));
}

export function forgetRecentSearch(text: string, owner: string | null): void {
  write(
    owner,
    readRecentSearches(owner).filter((kept) => kept !== text),
  );
}

export function clearRecentSearches(): void {
  storage.remove(RECENT_SEARCHES_KEY);
}

/** For the sign-out wipe: a signed-in user's searches go; those made while nobody was signed in stay. */
export function forgetSignedInRecentSearches(): void {
  const raw = localStorage.getItem(RECENT_SEARCHES_KEY);
  if (raw !== null && read()?.owner !== null) localStorage.removeItem(RECENT_SEARCHES_KEY);
}
