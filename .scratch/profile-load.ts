// CPU profile of the main thread: signed-in cold load of a URL on 10 Mbit/s until every source loaded.
import { chromium } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
const [base, path = '/search?s=paris', signIn = 'yes'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
let page = await context.newPage();
if (signIn === 'yes') {
  await page.goto(`${base}/modules/auth/login`);
  await page.getByLabel('Email').fill('ann@example.com');
  await page.getByLabel(/^Password/).fill('password-1234567');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.includes('login'));
  const cookies = (await context.storageState()).cookies;
  await context.close();
  const c2 = await browser.newContext({ serviceWorkers: 'block', storageState: { cookies, origins: [] }, viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
  page = await c2.newPage();
}
const cdp = await page.context().newCDPSession(page);
await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1.25e6, uploadThroughput: 1e6 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${base}${path}`);
await page.waitForFunction(() => window.siftSearch?.state().overall === 'loaded' && Object.values(window.siftSearch.state().sources).every((s) => s.state !== 'loading'), null, { timeout: 60_000, polling: 100 });
await page.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[]; hitCount?: number };
const nodes = new Map<number, Node>(profile.nodes.map((n: Node) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes as Node[]) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map<number, number>();
profile.samples.forEach((id: number, i: number) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0)));
const self = new Map<string, number>();
const incl = new Map<string, number>();
let total = 0;
const key = (n: Node) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
for (const [id, t] of dt) {
  const n = nodes.get(id)!;
  if (['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName)) { self.set(n.callFrame.functionName, (self.get(n.callFrame.functionName) ?? 0) + t); continue; }
  total += t;
  self.set(key(n), (self.get(key(n)) ?? 0) + t);
  const seen = new Set<string>();
  for (let c: number | undefined = id; c !== undefined; c = parent.get(c)) {
    const k = key(nodes.get(c)!);
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
console.log('JS busy', (total / 1000).toFixed(0), 'ms; program', ((self.get('(program)') ?? 0) / 1000).toFixed(0), 'gc', ((self.get('(garbage collector)') ?? 0) / 1000).toFixed(0));
console.log('--- self\n' + top(self, 25));
console.log('--- inclusive\n' + top(incl, 60));
