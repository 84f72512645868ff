// Long main-thread tasks (CPU × 4 > 50 ms) of phone-sized anonymous loads, with what each contains.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
const [base, ...paths] = process.argv.slice(2);
const RUNS = Number(process.env.RUNS ?? 3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
for (const path of paths) for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'loading', 'blink.user_timing', 'v8.execute'] });
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(3500);
  const { traceEvents: ev } = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const paint = ev.find((e: any) => e.name === 'firstContentfulPaint');
  const nav = ev.find((e: any) => e.name === 'navigationStart' && e.args?.data?.navigationId === paint?.args?.data?.navigationId);
  if (!paint || !nav) { console.log(path, 'no paint'); continue; }
  const main = ev.filter((e: any) => e.pid === paint.pid && e.tid === paint.tid && e.ph === 'X');
  const tasks = main.filter((e: any) => e.name === 'ThreadControllerImpl::RunTask' && e.ts >= nav.ts && (e.tdur ?? 0) * 4 / 1000 > 50);
  let blocking = 0;
  const lines: string[] = [];
  for (const t of tasks) {
    const ms = t.tdur / 1000;
    blocking += ms * 4 - 50;
    const inner = main.filter((e: any) => e.ts >= t.ts && e.ts < t.ts + t.dur && e !== t && e.dur > 1000 && ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'EventDispatch', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'FireAnimationFrame', 'v8.compileModule', 'v8.compile', 'Paint', 'PrePaint', 'HitTest', 'Commit'].includes(e.name));
    const desc = inner.slice(0, 6).map((e: any) => `${e.name}${e.args?.data?.url ? '@' + e.args.data.url.split('/').pop() : ''}${e.args?.data?.functionName ? ':' + e.args.data.functionName : ''} ${(e.dur / 1000).toFixed(0)}`).join(' | ');
    lines.push(`  +${((t.ts - nav.ts) / 1000).toFixed(0)}ms cpu ${ms.toFixed(0)}: ${desc}`);
  }
  console.log(`${path} run ${run}: blocking ${blocking.toFixed(0)} ms, ${tasks.length} long`);
  console.log(lines.join('\n'));
}
await browser.close();
