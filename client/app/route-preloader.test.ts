// @vitest-environment happy-dom
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutePreloader } from './route-preloader';

function deferredRoutes(count: number) {
  const pending: (() => void)[] = [];
  let started = 0;
  const routes: RouteObject[] = Array.from({ length: count }, (_, i) => ({
    path: `page-${i}`,
    lazy: () => {
      started += 1;
      return new Promise((resolve) => pending.push(() => resolve({})));
    },
  }));
  return { routes, pending, started: () => started };
}

describe('route preloader', () => {
  it('loads at most four route chunks at once and queues the rest', async () => {
    const { routes, pending, started } = deferredRoutes(6);
    const preloader = createRoutePreloader(routes);
    for (let i = 0; i < 6; i += 1) preloader.preload(`/page-${i}`);
    expect(started()).toBe(4);
    pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
    expect(started()).toBe(5);
  });

  it('loads each chunk once, however often it is asked for', () => {
    const { routes, started } = deferredRoutes(1);
    const preloader = createRoutePreloader(routes);
    preloader.preload('/page-0');
    preloader.preload('/page-0');
    expect(started()).toBe(1);
  });

  describe('after start-up', () => {
    afterEach(() => {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    });

    it('warms the paths a second after start-up, one path a task', () => {
      vi.useFakeTimers();
      const { routes, started } = deferredRoutes(3);
      createRoutePreloader(routes).preloadAfterStartup(['/page-0', '/page-1', '/page-2']);
      vi.advanceTimersByTime(999);
      expect(started()).toBe(0);
      vi.advanceTimersByTime(1);
      expect(started()).toBe(1);
      vi.advanceTimersToNextTimer();
      expect(started()).toBe(2);
      vi.runAllTimers();
      expect(started()).toBe(3);
    });

    it('warms nothing on a very slow connection or one saving data', () => {
      vi.useFakeTimers();
      const { routes, started } = deferredRoutes(1);
      for (const connection of [{ effectiveType: 'slow-2g' }, { saveData: true }]) {
        vi.stubGlobal('navigator', { connection });
        createRoutePreloader(routes).preloadAfterStartup(['/page-0']);
        vi.runAllTimers();
      }
      expect(started()).toBe(0);
    });
  });
});
