// Preloads route chunks ahead of navigation (on hover/focus, and shortly after start-up),
// never more than four at once so preloading cannot crowd out what the user is waiting for.
import { matchRoutes, type RouteObject } from 'react-router';

const MAX_CONCURRENT = 4;
const STARTUP_DELAY_MS = 1000;

type Loader = () => Promise<unknown>;

export function createRoutePreloader(routes: RouteObject[]) {
  const queue: Loader[] = [];
  const started = new Set<Loader>();
  let running = 0;

  function pump(): void {
    while (running < MAX_CONCURRENT && queue.length > 0) {
      const load = queue.shift()!;
      running += 1;
      load()
        .catch(() => {}) // a failed preload is retried by the real navigation, which reports it
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  function preload(path: string): void {
    for (const { route } of matchRoutes(routes, path) ?? []) {
      const lazy = route.lazy;
      if (typeof lazy !== 'function' || started.has(lazy as Loader)) continue;
      started.add(lazy as Loader);
      queue.push(lazy as Loader);
    }
    pump();
  }

  /** After load, warm the most used routes unless the connection is very slow or saving data. */
  function preloadAfterStartup(pathsToWarm: string[]): void {
    const connection = (
      navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }
    ).connection;
    if (connection?.saveData || connection?.effectiveType === 'slow-2g') return;
    // One path a task: matching a path and asking for its chunks takes a phone's main thread long
    // enough that all of them at once would block a tap.
    const warm = (index: number) => {
      if (index >= pathsToWarm.length) return;
      preload(pathsToWarm[index]!);
      window.setTimeout(() => warm(index + 1), 0);
    };
    window.setTimeout(() => warm(0), STARTUP_DELAY_MS);
  }

  return { preload, preloadAfterStartup };
}
