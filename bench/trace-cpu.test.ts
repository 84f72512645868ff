import { describe, expect, it } from 'vitest';
import { startCpu, type TraceEvent } from './trace-cpu';

const PAGE = 10;
const meta = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid: PAGE,
  tid,
  ts: 0,
  args: { name },
});
const task = (
  tid: number,
  ts: number,
  dur: number,
  tdur: number,
  name = 'ThreadControllerImpl::RunTask',
): TraceEvent => ({
  name,
  ph: 'X',
  pid: PAGE,
  tid,
  ts: ts * 1000,
  dur: dur * 1000,
  tdur: tdur * 1000,
});

describe('startCpu', () => {
  const events: TraceEvent[] = [
    meta(1, 'CrRendererMain'),
    meta(2, 'ThreadPoolForegroundWorker'),
    meta(3, 'ThreadPoolForegroundWorker'),
    meta(4, 'DedicatedWorker thread'),
    meta(5, 'ServiceWorker thread'),
    { name: 'navigationStart', ph: 'R', pid: PAGE, tid: 1, ts: 100_000 },
    { name: 'navigationStart', ph: 'R', pid: PAGE, tid: 1, ts: 300_000 },
    task(1, 50, 40, 30), // before the navigation
    task(1, 120, 100, 40),
    { name: 'FunctionCall', ph: 'X', pid: PAGE, tid: 1, ts: 130_000, dur: 50_000, tdur: 20_000 }, // inside the task
    task(1, 400, 60, 60),
    task(2, 150, 80, 30, 'ThreadPool_RunTask'),
    task(3, 200, 20, 10, 'ThreadPool_RunTask'),
    task(4, 210, 90, 70),
    task(5, 220, 10, 5),
    { ...task(1, 200, 50, 50), pid: 99 }, // another renderer
    { name: 'sift-first-result', ph: 'I', pid: PAGE, tid: 1, ts: 500_000 },
    task(1, 600, 30, 30), // after the mark
  ];

  it('adds the CPU time of each thread from the first navigation to the mark, top-level tasks only', () => {
    expect(startCpu(events, 'sift-first-result')).toEqual({
      windowMs: 400,
      mainThreadCpuMs: 100,
      mainThreadTaskMs: 160,
      rendererThreadPoolCpuMs: 40,
      workerCpuMs: 70,
      serviceWorkerCpuMs: 5,
    });
  });

  it('has nothing to say without the mark', () => {
    expect(startCpu(events, 'another-mark')).toBeUndefined();
  });
});
