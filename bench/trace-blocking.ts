// How long a page load blocks a phone's main thread, read from a Chromium trace of the load on this
// machine: every task of the page's main thread from its navigation to `windowMs` after, its CPU
// time × 4 (Lighthouse's mobile slowdown) less 50 ms where positive, summed. Counted from the
// navigation rather than the first paint: on a busy machine Chromium sometimes paints only after
// hydration, and a count from the paint then reads near zero. Lighthouse's own TBT varies more
// between runs than most changes move it; this figure is steadier.
import type { TraceEvent } from './trace-cpu';

export interface Blocking {
  /** Σ max(0, CPU × 4 − 50 ms) over the window's tasks. */
  blockingMs: number;
  /** Tasks whose CPU × 4 is over 50 ms. */
  longTasks: number;
  /** CPU time of the page's main thread in the window. */
  cpuMs: number;
  /** CPU time of its longest task: what one change of the load's work moves most plainly. */
  longestTaskMs: number;
}

type NavigationEvent = TraceEvent & { args?: { data?: { navigationId?: string } } };

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/** The load the first contentful paint belongs to; undefined when the trace has no paint. */
export function mainThreadBlocking(events: NavigationEvent[], windowMs: number): Blocking | undefined {
  const paint = events.find((e) => e.name === 'firstContentfulPaint');
  const navigationId = paint?.args?.data?.navigationId;
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && navigationId && e.args?.data?.navigationId === navigationId,
  );
  if (!paint || !navigation) return undefined;
  const end = navigation.ts + windowMs * 1000;
  let blockingMs = 0;
  let longTasks = 0;
  let cpuMs = 0;
  let longestTaskMs = 0;
  for (const e of events) {
    if (e.pid !== paint.pid || e.tid !== paint.tid || e.name !== 'ThreadControllerImpl::RunTask') continue;
    if (e.ts < navigation.ts || e.ts > end) continue;
    const ms = (e.tdur ?? e.dur ?? 0) / 1000;
    cpuMs += ms;
    longestTaskMs = Math.max(longestTaskMs, ms);
    if (ms * SLOWDOWN > LONG_TASK_MS) {
      blockingMs += ms * SLOWDOWN - LONG_TASK_MS;
      longTasks += 1;
    }
  }
  return {
    blockingMs: Math.round(blockingMs),
    longTasks,
    cpuMs: Math.round(cpuMs),
    longestTaskMs: Math.round(longestTaskMs * 10) / 10,
  };
}
