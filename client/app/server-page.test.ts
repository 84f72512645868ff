// A rendered page carries what hydration needs, and asks for its messages with the document
// instead of carrying them.
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '#shared/app-config';
import { findLocale } from '#shared/locales';
import { phoneFirstRender } from '#tests/support/first-render';
import { type ServerPageState, serverPageDocument } from './server-page';

const template = `<!doctype html><html lang="en" dir="ltr"><head><title>Sift</title>
<script type="module" crossorigin src="/assets/index.js"></script></head>
<body><div id="root"></div><script src="/start-snapshot-boot.js"></script></body></html>`;

const styles = '<style data-emotion="mui 1a2b">.mui-1a2b{color:red;}</style>';

function documentIn(code: string): string {
  const state: ServerPageState = {
    locale: code,
    config: { platformName: 'Sift' } as PublicConfig,
    firstRender: { ...phoneFirstRender, languages: [code] },
    hydration: { loaderData: {}, actionData: null, errors: null },
  };
  return serverPageDocument(template, '<main>page</main>', state, findLocale(code)!, {
    head: undefined,
    styles,
    publicUrl: 'https://x.test',
  });
}

const preloads = (html: string) => html.match(/<link rel="preload"[^>]*>/g) ?? [];

describe('serverPageDocument', () => {
  it("preloads the page's messages and English's, in the head, as the browser then fetches them", () => {
    const arabic = documentIn('ar');
    expect(preloads(arabic)).toEqual([
      '<link rel="preload" href="/_i18n/ar/messages.json?v=test-build" as="fetch" crossorigin>',
      '<link rel="preload" href="/_i18n/en/messages.json?v=test-build" as="fetch" crossorigin>',
    ]);
    expect(arabic.indexOf('rel="preload"')).toBeLessThan(arabic.indexOf('</head>'));
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(preloads(documentIn('en'))).toEqual([
      '<link rel="preload" href="/_i18n/en/messages.json?v=test-build" as="fetch" crossorigin>',
    ]);
  });

  it("puts the page's style elements in the head, none in the root", () => {
    const page = documentIn('en');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain(styles);
    expect(page.split(styles)).toHaveLength(2);
  });

  it('leaves out the start snapshot, which a rendered page is newer than', () => {
    expect(documentIn('en')).not.toContain('start-snapshot-boot.js');
    expect(template).toContain('start-snapshot-boot.js');
  });

  it('carries the state to hydrate with, without messages', () => {
    const json = /<script type="application\/json" id="sift-server-page">(.*?)<\/script>/.exec(
      documentIn('ar'),
    )?.[1];
    expect(Object.keys(JSON.parse(json!)).sort()).toEqual(['config', 'firstRender', 'hydration', 'locale']);
  });
});
