// The longest main-thread task of an anonymous phone-sized load, attributed by a sampled CPU profile.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
const [base, path, nth = '0'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
const page = await context.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler'] });
await page.goto(`${base}${path}`);
await page.waitForTimeout(3500);
const { traceEvents: ev } = JSON.parse((await browser.stopTracing()).toString());
await browser.close();
const paint = ev.find((e: any) => e.name === 'firstContentfulPaint');
const main = ev.filter((e: any) => e.pid === paint.pid && e.tid === paint.tid);
const tasks = main.filter((e: any) => e.name === 'ThreadControllerImpl::RunTask' && e.tdur > 12500).sort((a: any, b: any) => b.tdur - a.tdur);
const task = tasks[Number(nth)];
console.log('tasks', tasks.map((t: any) => (t.tdur / 1000).toFixed(0)).join(' '), 'picked', (task.tdur / 1000).toFixed(0));
// Samples of the main thread's profile.
const profile = ev.find((e: any) => e.name === 'Profile' && e.pid === paint.pid && e.tid === paint.tid);
const chunks = ev.filter((e: any) => e.name === 'ProfileChunk' && e.id === profile.id);
const nodes = new Map<number, any>();
let t = profile.args.data.startTime;
const samples: [number, number][] = [];
for (const c of chunks) {
  const p = c.args.data.cpuProfile ?? {};
  for (const n of p.nodes ?? []) nodes.set(n.id, n);
  const deltas = c.args.data.timeDeltas ?? [];
  (p.samples ?? []).forEach((id: number, i: number) => { t += deltas[i]; samples.push([t, id]); });
}
const key = (n: any) => `${n.callFrame.functionName || '(anon)'} ${String(n.callFrame.url).split('/').pop()}:${n.callFrame.lineNumber}`;
const incl = new Map<string, number>(), self = new Map<string, number>();
let count = 0;
for (const [ts, id] of samples) {
  if (ts < task.ts || ts > task.ts + task.dur) continue;
  count++;
  const n = nodes.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let c = n; c; c = nodes.get(c.parent)) { const k = key(c); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + 1); } }
}
const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([s, v]) => `${(100 * v / count).toFixed(0).padStart(4)}%  ${s}`).join('\n');
console.log('samples', count, '\n--- self\n' + top(self, 20) + '\n--- inclusive\n' + top(incl, 70));
