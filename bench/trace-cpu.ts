// CPU time by thread of one page load, read from a Chromium trace (categories `toplevel`,
// `blink.user_timing`, `__metadata`): from the page's navigation to a `performance.mark`. On two
// cores the page's main thread competes with V8's compiler and GC threads, the search worker, the
// service worker and the server, so its wall time alone does not say where a start-up goes.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface StartCpu {
  /** From the navigation to the mark. */
  windowMs: number;
  /** CPU time of the page's main thread in that window. */
  mainThreadCpuMs: number;
  /** Wall time of the same tasks: above the CPU time, the thread was waiting for a core. */
  mainThreadTaskMs: number;
  /** The renderer's thread pool: V8's optimising compilers, GC and script streaming. */
  rendererThreadPoolCpuMs: number;
  /** Dedicated workers (the search worker). */
  workerCpuMs: number;
  serviceWorkerCpuMs: number;
}

/** One task of a thread's run loop; nested events inside it are not counted again. */
const TOP_LEVEL_TASKS = new Set(['ThreadControllerImpl::RunTask', 'ThreadPool_RunTask']);

const thread = (pid: number, tid: number) => `${pid}:${tid}`;

export function startCpu(events: TraceEvent[], markName: string): StartCpu | undefined {
  const mark = events.find((event) => event.name === markName);
  if (!mark) return undefined;
  const navigations = events.filter((e) => e.pid === mark.pid && e.name === 'navigationStart');
  if (navigations.length === 0) return undefined;
  const start = Math.min(...navigations.map((e) => e.ts));

  const threadNames = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args?.name) {
      threadNames.set(thread(e.pid, e.tid), e.args.name);
    }
  }
  const cpu = new Map<string, number>();
  let mainThreadTaskUs = 0;
  for (const e of events) {
    if (e.pid !== mark.pid || e.ph !== 'X' || !TOP_LEVEL_TASKS.has(e.name)) continue;
    if (e.ts < start || e.ts > mark.ts) continue;
    const name = threadNames.get(thread(e.pid, e.tid)) ?? 'other';
    const kind = name.startsWith('ThreadPool') ? 'pool' : name;
    cpu.set(kind, (cpu.get(kind) ?? 0) + (e.tdur ?? 0));
    if (name === 'CrRendererMain') mainThreadTaskUs += e.dur ?? 0;
  }
  const ms = (us: number | undefined) => Math.round((us ?? 0) / 1000);
  return {
    windowMs: ms(mark.ts - start),
    mainThreadCpuMs: ms(cpu.get('CrRendererMain')),
    mainThreadTaskMs: ms(mainThreadTaskUs),
    rendererThreadPoolCpuMs: ms(cpu.get('pool')),
    workerCpuMs: ms(cpu.get('DedicatedWorker thread')),
    serviceWorkerCpuMs: ms(cpu.get('ServiceWorker thread')),
  };
}
