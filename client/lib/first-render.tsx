// What the first render must agree on with a page the server rendered (docs/rendering.md): the
// colour-scheme cookie, and what only a browser knows (the system colour preference, the screen
// width), which the server guesses from the request and the page carries to the browser.
import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';
import type { FirstRender } from '#shared/render-bundle';

export const FirstRenderContext = createContext<FirstRender | null>(null);

/** The first render's assumptions; without a provider (a client-only start), none are needed. */
export const useFirstRender = () => useContext(FirstRenderContext);

const ServerDrawnContext = createContext(false);

/**
 * Tells its tree whether what it draws is the server's page (useServerDrawn), and once that tree has
 * hydrated, that it is the browser's: a transition, so the components that then draw what only the
 * device knows re-render in slices that yield to the browser. (A store read with
 * useSyncExternalStore, whose server snapshot differs, is re-rendered synchronously right after
 * hydration, in one long task.) Placed inside every provider's Suspense boundary, so that its effect
 * runs once the page has hydrated.
 */
export function ServerDrawnProvider({ children }: { children: ReactNode }) {
  const firstRender = useFirstRender();
  const [serverDrawn, setServerDrawn] = useState(firstRender !== null);
  useEffect(() => {
    if (serverDrawn) startTransition(() => setServerDrawn(false));
  }, [serverDrawn]);
  return <ServerDrawnContext value={serverDrawn}>{children}</ServerDrawnContext>;
}

/**
 * True while a component renders on the server or hydrates what the server drew, false once it
 * mounts in the browser on its own (a client-only start, a later navigation).
 */
export const useServerDrawn = () => useContext(ServerDrawnContext);

/**
 * The time zone to show times in: UTC while the page is drawn on the server and hydrated (the
 * server cannot know the visitor's, and both sides must write the same), the browser's own after.
 */
export function useShownTimeZone(): 'UTC' | undefined {
  const firstRender = useFirstRender();
  const serverDrawn = useServerDrawn();
  return serverDrawn && firstRender ? 'UTC' : undefined;
}

/**
 * "Now", for a state's initial value: the moment the server drew the page while it is drawn and
 * hydrated (the times shown then agree), the browser's clock otherwise.
 */
export function useInitialNow(): () => Date {
  const firstRender = useFirstRender();
  const serverDrawn = useServerDrawn();
  return () => new Date(serverDrawn && firstRender ? firstRender.renderedAt : Date.now());
}

/**
 * The rows a growing multi-line field is drawn with before the browser has measured its text: at
 * least `minRows`, one per line it holds. MUI sizes such a field in a layout effect and leaves the
 * textarea's own `rows` unset (the browser's 2), so without it what the server drew grows once
 * hydrated and moves everything below it from under a pointer.
 */
export const firstDrawnRows = (value: string, minRows: number) => Math.max(minRows, value.split('\n').length);
