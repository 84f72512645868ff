// Parts a page can do without for a while (the consent banner, the installable app's notices, the
// backup sync, the wipe at sign-out): their code loads after the first render, and a load that
// fails, as it does offline before the service worker holds the app, leaves the page as it is and
// is tried again when the connection returns. React.lazy would instead throw to an error boundary
// (above the router, none: a blank page), and keep the failure for the rest of the page's life.
import { type ComponentType, startTransition, useEffect, useState } from 'react';

export type UiLoader = () => Promise<ComponentType>;

const loaded = new Map<UiLoader, ComponentType>();
const loading = new Map<UiLoader, Promise<ComponentType>>();

function loadOnce(load: UiLoader): Promise<ComponentType> {
  let promise = loading.get(load);
  if (!promise) {
    promise = load().then(
      (component) => {
        loaded.set(load, component);
        return component;
      },
      (error: unknown) => {
        loading.delete(load);
        throw error;
      },
    );
    loading.set(load, promise);
  }
  return promise;
}

/** Resolves once no load of `load` is under way, however the last one ended. */
const settled = (load: UiLoader): Promise<unknown> =>
  (loading.get(load) ?? Promise.resolve()).catch(() => {});

/**
 * Loads a part before a first render that must draw it at once: the server's, which the browser
 * hydrates. Rejects when the load fails, as a route module's would.
 */
export const preloadUi = (load: UiLoader): Promise<unknown> => loadOnce(load);

/** `load` must be defined once, outside any component: it is the key its code is kept under. */
export function DeferredUi({ load }: { load: UiLoader }) {
  const [Component, setComponent] = useState(() => loaded.get(load));
  useEffect(() => {
    if (Component) return;
    let mounted = true;
    const attempt = () =>
      loadOnce(load).then(
        // In a transition: what it draws then renders in slices that yield to the browser.
        (component) => mounted && startTransition(() => setComponent(() => component)),
        () => {}, // offline or a removed build: the page goes on; 'online' or a reload retries
      );
    // A load still under way when the connection returns may yet fail: try again once it has.
    const retry = () => void settled(load).then(attempt);
    // In a task of its own: this effect runs in the task that committed the page (on a first visit
    // the hydration's), and a dynamic import there adds a modulepreload link per dependency to it.
    const first = window.setTimeout(attempt);
    window.addEventListener('online', retry);
    return () => {
      mounted = false;
      window.clearTimeout(first);
      window.removeEventListener('online', retry);
    };
  }, [Component, load]);
  return Component ? <Component /> : null;
}
