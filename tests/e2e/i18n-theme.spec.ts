// Languages and colour themes as users meet them: detection, switching, right-to-left Arabic,
// failed message loads, the colour-scheme cookie, the browser preference and no flash on load.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './test';
import { chooseInMenu } from './transitions';

// The first page of a run may wait on a cold server sharing two cores with other suites.
const expect = baseExpect.configure({ timeout: 10_000 });

const arabic = JSON.parse(readFileSync('locales/ar.json', 'utf8'));

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

async function setCookie(context: BrowserContext, baseURL: string | undefined, name: string, value: string) {
  await context.addCookies([{ name, value, url: baseURL! }]);
}

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

/** Checks a preference cookie: a year long, whole site, SameSite=Lax. */
function expectPreferenceCookie(found: Awaited<ReturnType<typeof cookie>>, value: string) {
  expect(found?.value).toBe(value);
  expect(found?.path).toBe('/');
  expect(found?.sameSite).toBe('Lax');
  const lifetime = found!.expires - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(ONE_YEAR_SECONDS - 120);
  expect(lifetime).toBeLessThan(ONE_YEAR_SECONDS + 120);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('languages', () => {
  test('the language menu switches the interface; the choice is kept in the cookie and survives a reload', async ({
    page,
  }) => {
    await page.goto('/about');
    await expect(heading(page)).toHaveText('About Sift');
    await chooseInMenu(page, 'Change language', 'Français');
    await expect(heading(page)).toHaveText('À propos de Sift');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expectPreferenceCookie(await cookie(page, 'i18n_redirected'), 'fr');

    await page.reload();
    await expect(heading(page)).toHaveText('À propos de Sift');
    await page.getByRole('button', { name: 'Changer de langue' }).click();
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test.describe('with a Spanish browser and no cookie', () => {
    test.use({ locale: 'es-ES' });

    test('the browser language is detected and remembered', async ({ page }) => {
      await page.goto('/about');
      await expect(heading(page)).toHaveText('Acerca de Sift');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      // Written once the app has started.
      await expect.poll(async () => (await cookie(page, 'i18n_redirected'))?.value).toBe('es');
    });

    test('a cookie wins over the browser language', async ({ page, context, baseURL }) => {
      await setCookie(context, baseURL, 'i18n_redirected', 'fr');
      await page.goto('/about');
      await expect(heading(page)).toHaveText('À propos de Sift');
    });
  });

  test.describe('with a Canadian French browser', () => {
    test.use({ locale: 'fr-CA' });

    test('the language is found from a regional tag', async ({ page }) => {
      await page.goto('/about');
      await expect(heading(page)).toHaveText('À propos de Sift');
    });
  });

  test.describe('with a German browser', () => {
    test.use({ locale: 'de-DE' });

    test('an unsupported browser language falls back to English', async ({ page }) => {
      await page.goto('/about');
      await expect(heading(page)).toHaveText('About Sift');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('Arabic turns the whole interface right-to-left, drawer included', async ({
    page,
    context,
    baseURL,
  }) => {
    await setCookie(context, baseURL, 'i18n_redirected', 'ar');
    await page.goto('/home');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(heading(page)).toHaveText('مرحبًا بك في Sift');

    const viewport = page.viewportSize()!;
    const drawer = page.getByRole('navigation', { name: arabic.layout.navigation });
    const drawerBox = (await drawer.boundingBox())!;
    expect(drawerBox.x + drawerBox.width).toBeGreaterThan(viewport.width - 5);
    const menuButton = (await page.getByRole('button', { name: arabic.layout.menu }).first().boundingBox())!;
    expect(menuButton.x).toBeGreaterThan(viewport.width / 2);
    const main = (await page.locator('#main h1').boundingBox())!;
    expect(main.x + main.width).toBeLessThan(drawerBox.x);

    await chooseInMenu(page, arabic.language.menu_label, 'English');
    await expect(html).toHaveAttribute('dir', 'ltr');
    const englishDrawer = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(async () => (await englishDrawer.boundingBox())?.x).toBeLessThan(5);
  });

  test('when messages fail to load, a warning is logged and English is shown', async ({
    page,
    context,
    baseURL,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.route('**/_i18n/fr/messages.json*', (route) => route.abort());
    await setCookie(context, baseURL, 'i18n_redirected', 'fr');
    // A page the browser draws itself (the server renders no 404), so it fetches its messages.
    await page.goto('/no-such-page');
    await expect(heading(page)).toHaveText('Page Not Found: /no-such-page');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    expect(warnings.some((w) => w.startsWith('Failed to load messages for locale fr'))).toBe(true);
  });

  test('only the languages in use are fetched, each on demand', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      const match = /\/_i18n\/(\w+)\/messages\.json/.exec(request.url());
      if (match) fetched.push(match[1]!);
    });
    await page.goto('/about');
    await expect(heading(page)).toHaveText('About Sift');
    // English, the fallback, is fetched by a page the browser draws; a page the server drew carries it.
    const others = () => fetched.filter((language) => language !== 'en');
    expect(others()).toEqual([]);
    await chooseInMenu(page, 'Change language', 'Español');
    await expect(heading(page)).toHaveText('Acerca de Sift');
    expect(others()).toEqual(['es']);
  });

  test('/modules/i18n/basic interpolates and uses all six Arabic plural forms', async ({
    page,
    context,
    baseURL,
  }) => {
    await setCookie(context, baseURL, 'i18n_redirected', 'ar');
    await page.goto('/modules/i18n/basic');
    await page.getByLabel('اسمك').fill('ليلى');
    await expect(page.getByTestId('i18n-greeting')).toHaveText('مرحبًا يا ليلى! أهلًا بك في Sift.');
    const count = page.getByLabel('عدد الملفات');
    for (const [n, text] of [
      ['0', 'لا توجد ملفات'],
      ['1', 'ملف واحد'],
      ['2', 'ملفان'],
      ['3', '3 ملفات'],
      ['11', '11 ملفًا'],
      ['100', '100 ملف'],
    ]) {
      await count.fill(n!);
      await expect(page.getByTestId('i18n-plural')).toHaveText(text!);
    }
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByTestId('i18n-plural')).toHaveText('100 files');
  });
});

test.describe('component-library texts and the first day of the week', () => {
  test('MUI and date-picker texts follow the language', async ({ page, context, baseURL }) => {
    await setCookie(context, baseURL, 'i18n_redirected', 'es');
    await page.goto('/vuetifyi18n');
    await expect(page.getByText('Filas por página:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
    await chooseInMenu(page, 'Cambiar idioma', 'العربية');
    await expect(page.getByText('عدد الصفوف في الصفحة:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'الشهر التالي' })).toBeVisible();
  });

  const weekStarts = [
    { locale: 'en-US', first: 'Sunday' },
    { locale: 'en-GB', first: 'Monday' },
  ];
  for (const { locale, first } of weekStarts) {
    test.describe(`in a browser set to ${locale}`, () => {
      test.use({ locale });

      test(`the calendar week starts on ${first}, and a chosen region overrides it`, async ({ page }) => {
        await page.goto('/vuetifyi18n');
        await expect(page.getByTestId('week-start')).toHaveText(`Weeks start on ${first}.`);
        const firstColumn = page.locator('.MuiDayCalendar-weekDayLabel').first();
        await expect(firstColumn).toHaveAttribute('aria-label', first);
        await page.getByLabel('Region').click();
        await expect(page.getByRole('option', { name: 'Egypt' })).toBeVisible();
        await page.keyboard.type('Egypt');
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('week-start')).toHaveText('Weeks start on Saturday.');
        await expect(firstColumn).toHaveAttribute('aria-label', 'Saturday');
      });
    });
  }
});

test.describe('colour themes', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  test('the theme menu switches to dark; the cookie keeps it across a reload', async ({ page }) => {
    await page.goto('/about');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-color-scheme', 'light');
    await expect.poll(() => background(page)).toBe('rgb(254, 247, 255)');
    await chooseInMenu(page, 'Change theme', 'Dark');
    await expect(html).toHaveAttribute('data-color-scheme', 'dark');
    await expect.poll(() => background(page)).toBe('rgb(21, 18, 24)');
    expectPreferenceCookie(await cookie(page, 'color-scheme'), 'dark');

    await page.reload();
    await expect(heading(page)).toHaveText('About Sift');
    await expect(html).toHaveAttribute('data-color-scheme', 'dark');
    await chooseInMenu(page, 'Change theme', 'High');
    await expect(html).toHaveAttribute('data-color-scheme', 'dark-high-contrast');
    expect((await cookie(page, 'color-scheme'))?.value).toBe('dark-high-contrast');
  });

  test('a system that asks for less motion opens menus without their transition', async ({ page }) => {
    await page.goto('/about');
    /** The longest transition of the theme menu's surface, in seconds, read once it is open. */
    const menuTransition = async () => {
      await page.getByRole('button', { name: 'Change theme' }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      const seconds = await menu.evaluate((list) =>
        getComputedStyle(list.closest('.MuiPaper-root')!).transitionDuration.split(',').map(parseFloat),
      );
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      return Math.max(...seconds);
    };
    expect(await menuTransition()).toBeGreaterThan(0.1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(await menuTransition()).toBeLessThan(0.001);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  test.describe('with a browser that prefers dark', () => {
    test.use({ colorScheme: 'dark' });

    test('no choice follows the browser, live; an explicit choice wins', async ({
      page,
      context,
      baseURL,
    }) => {
      await page.goto('/about');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-color-scheme', 'dark');
      await page.emulateMedia({ colorScheme: 'light' });
      await expect(html).toHaveAttribute('data-color-scheme', 'light');
      expect(await cookie(page, 'color-scheme')).toBeUndefined();

      await page.emulateMedia({ colorScheme: 'dark' });
      await setCookie(context, baseURL, 'color-scheme', 'light-medium-contrast');
      await page.reload();
      await expect(html).toHaveAttribute('data-color-scheme', 'light-medium-contrast');
    });

    test('the saved scheme is on the page before any application code runs', async ({
      page,
      context,
      baseURL,
    }) => {
      await setCookie(context, baseURL, 'color-scheme', 'ocean-dark-high-contrast');
      // Without the application bundle only index.html and its pre-paint script run.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto('/about');
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-color-scheme', 'ocean-dark-high-contrast');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        'rgb(17, 19, 24)',
      );
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('dark');
    });
  });

  test('/theme picks family, mode and contrast, and the preview follows', async ({ page }) => {
    await page.goto('/theme');
    const send = page.getByRole('button', { name: 'Send' });
    const primary = () => send.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await primary()).toBe('rgb(104, 84, 142)'); // #68548E
    await page.getByRole('button', { name: 'Ocean' }).click();
    await expect.poll(primary).toBe('rgb(65, 95, 145)'); // #415F91
    await page.getByRole('group', { name: 'Light or dark' }).getByRole('button', { name: 'Dark' }).click();
    await page.getByRole('group', { name: 'Contrast' }).getByRole('button', { name: 'Medium' }).click();
    await expect(page.getByTestId('theme-current')).toHaveText('Theme in use: ocean-dark-medium-contrast.');
    expect((await cookie(page, 'color-scheme'))?.value).toBe('ocean-dark-medium-contrast');
    await page
      .getByRole('group', { name: 'Light or dark' })
      .getByRole('button', { name: 'Follow the system' })
      .click();
    await expect(page.getByTestId('theme-current')).toContainText('ocean-light-medium-contrast');
    expect((await cookie(page, 'color-scheme'))?.value).toBe('ocean-system-medium-contrast');
  });
});
