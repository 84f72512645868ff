// Takes screenshots of pages in Chromium for a person to look at.
// Usage: tsx scripts/screenshot.ts <baseUrl> <outDir> <path>... [--phone] [--dark] [--lang=ar]
//        [--login=email:password] (signs in with a password first, for pages behind sign-in)
//        [--full] (the whole page, not only what the window shows)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs } from '#tests/support/chromium';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const [baseUrl, outDir, ...paths] = args.filter((a) => !a.startsWith('--'));
if (!baseUrl || !outDir || paths.length === 0) {
  console.error(
    'Usage: tsx scripts/screenshot.ts <baseUrl> <outDir> <path>... [--phone] [--dark] [--lang=xx] [--full]',
  );
  process.exit(2);
}
const phone = flags.has('--phone');
const dark = flags.has('--dark');
const full = flags.has('--full');
const lang = [...flags].find((f) => f.startsWith('--lang='))?.slice('--lang='.length);
const login = [...flags].find((f) => f.startsWith('--login='))?.slice('--login='.length);

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const context = await browser.newContext({
  viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  deviceScaleFactor: phone ? 2 : 1,
  colorScheme: dark ? 'dark' : 'light',
  locale: lang ?? 'en-US',
});
if (lang) await context.addCookies([{ name: 'i18n_redirected', value: lang, url: baseUrl }]);
if (dark) await context.addCookies([{ name: 'color-scheme', value: 'dark', url: baseUrl }]);
const page = await context.newPage();
if (login) {
  const [email = '', password = ''] = login.split(/:(.*)/s);
  await page.goto(new URL('/modules/auth/login', baseUrl).toString());
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL((url) => url.pathname !== '/modules/auth/login');
}
for (const path of paths) {
  await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  const name = `${path.replace(/[^\w]+/g, '_').replace(/^_|_$/g, '') || 'index'}${phone ? '-phone' : ''}${dark ? '-dark' : ''}${lang ? `-${lang}` : ''}.png`;
  await page.screenshot({ path: join(outDir, name), fullPage: full });
  console.info(join(outDir, name));
}
await browser.close();
