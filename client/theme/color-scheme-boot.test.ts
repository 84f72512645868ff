// The pre-paint script (inline in client/index.html's <head>) must pick exactly the theme, and the
// background, that the app then renders.
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { inlineScript } from '#tests/support/index-html';
import {
  COLOR_SCHEME_COOKIE,
  colorFamilies,
  colorModes,
  colorSchemeName,
  contrastLevels,
  defaultChoice,
  parseColorSchemeName,
  resolveColorScheme,
} from './color-scheme';
import { loadColorFamilies, m3Colors } from './m3-colors';

const bootScript = inlineScript('prefers-color-scheme');

function runBoot(cookie: string, prefersDark: boolean) {
  const root = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
  const meta = { content: '', setAttribute: (_: string, value: string) => (meta.content = value) };
  const window = {
    matchMedia: (query: string) => ({ matches: query === '(prefers-color-scheme: dark)' && prefersDark }),
  };
  const document = { cookie, documentElement: root, querySelector: () => meta };
  runInNewContext(bootScript, { window, document });
  return { name: root.dataset.colorScheme, ...root.style, themeColor: meta.content };
}

const everyChoiceName = colorFamilies.flatMap(({ id: family }) =>
  colorModes.flatMap((mode) => contrastLevels.map((contrast) => colorSchemeName({ family, mode, contrast }))),
);

describe('the colour-scheme boot script', () => {
  beforeAll(() => loadColorFamilies());

  for (const prefersDark of [false, true]) {
    it(`applies every saved choice as the app would (browser prefers ${prefersDark ? 'dark' : 'light'})`, () => {
      for (const name of [
        ...everyChoiceName,
        'violet-dark-high-contrast',
        '',
        'purple',
        'dark-low-contrast',
      ]) {
        const cookie = `other=1; ${COLOR_SCHEME_COOKIE}=${encodeURIComponent(name)}; last=2`;
        const scheme = resolveColorScheme(parseColorSchemeName(name) ?? defaultChoice, prefersDark);
        const surface = m3Colors(scheme).surface;
        expect(runBoot(cookie, prefersDark), name).toEqual({
          name: colorSchemeName(scheme),
          colorScheme: scheme.mode,
          backgroundColor: surface,
          themeColor: surface,
        });
      }
    });
  }

  it('follows the browser preference when there is no cookie', () => {
    expect(runBoot('', false)).toMatchObject({ name: 'light', colorScheme: 'light' });
    expect(runBoot('', true)).toMatchObject({ name: 'dark', colorScheme: 'dark' });
    expect(runBoot('xcolor-scheme=dark', false)).toMatchObject({ name: 'light' });
  });
});
