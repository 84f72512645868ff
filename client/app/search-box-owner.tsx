// Tells the search box whose recent searches to offer: the signed-in user's, or nobody's (the
// search feature does not read the session itself).
import { useEffect } from 'react';
import { useAuth } from '#client/features/auth/use-auth';
import { useSearchBoxStore } from '#client/features/search/search-box-store';

export function SearchBoxOwner() {
  const searchBoxStore = useSearchBoxStore();
  const userId = useAuth((s) => s.data?.user.id ?? null);
  useEffect(() => searchBoxStore.setOwner(userId), [userId, searchBoxStore]);
  return null;
}
