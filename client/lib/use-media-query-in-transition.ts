// Whether a media query matches, drawn again in a transition when the answer changes. MUI's
// useMediaQuery reads matchMedia with useSyncExternalStore, which React re-renders synchronously:
// a page the server drew for the wrong width (a desktop browser's narrow window, a tablet sending a
// desktop user agent) switched layouts right after hydrating in one long task.
import { startTransition, useEffect, useState } from 'react';
import { useServerDrawn } from './first-render';

/**
 * `query` as `theme.breakpoints` writes it (a leading `@media` is dropped). While the page is the
 * server's, the answer is `serverGuess` (what the server drew for); once hydrated, the device's.
 */
export function useMediaQueryInTransition(query: string, serverGuess: boolean): boolean {
  const media = query.replace(/^@media ?/, '');
  const serverDrawn = useServerDrawn();
  const [matches, setMatches] = useState(() =>
    serverDrawn ? serverGuess : window.matchMedia(media).matches,
  );
  useEffect(() => {
    const list = window.matchMedia(media);
    const follow = () => startTransition(() => setMatches(list.matches));
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [media]);
  return matches;
}
