import { describe, expect, it } from 'vitest';
import { mainThreadBlocking } from './trace-blocking';
import type { TraceEvent } from './trace-cpu';

const PAGE = 10;
const MAIN = 1;
const task = (ts: number, tdur: number, tid = MAIN): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  pid: PAGE,
  tid,
  ts: ts * 1000,
  dur: tdur * 2000,
  tdur: tdur * 1000,
});
const navigation = (ts: number, navigationId: string) => ({
  name: 'navigationStart',
  ph: 'R',
  pid: PAGE,
  tid: MAIN,
  ts: ts * 1000,
  args: { data: { navigationId } },
});

describe('mainThreadBlocking', () => {
  const events = [
    navigation(100, 'blank'),
    navigation(200, 'page'),
    task(150, 40), // before the page's navigation
    task(210, 30), // 120 − 50 = 70
    task(260, 10), // 40: not long
    task(300, 20, 2), // another thread
    task(400, 15), // 60 − 50 = 10
    task(1300, 50), // after the window
    {
      name: 'firstContentfulPaint',
      ph: 'R',
      pid: PAGE,
      tid: MAIN,
      ts: 500_000,
      args: { data: { navigationId: 'page' } },
    },
  ];

  it('sums CPU × 4 − 50 ms over the main thread’s tasks from the navigation the first paint belongs to, and names the longest', () => {
    expect(mainThreadBlocking(events, 1000)).toEqual({
      blockingMs: 80,
      longTasks: 2,
      cpuMs: 55,
      longestTaskMs: 30,
    });
  });

  it('is undefined for a load that painted nothing', () => {
    expect(mainThreadBlocking(events.slice(0, -1), 1000)).toBeUndefined();
  });
});
