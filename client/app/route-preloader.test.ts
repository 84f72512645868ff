import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
