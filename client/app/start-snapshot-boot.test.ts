// The boot script paints a kept snapshot only where it shows exactly what the app is about to:
// the same URL, build, colour scheme, language cookie and user, and the user's session still valid.
// Its class rules serve any start of the same build for the same user.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { SESSION_MEMORY_KEY } from '../features/auth/session-memory';
import { START_SNAPSHOT_KEY, START_SNAPSHOT_VERSION, type StartSnapshot } from './start-snapshot-format';

const bootScript = readFileSync(new URL('../public/start-snapshot-boot.js', import.meta.url), 'utf8');
const NOW = Date.parse('2026-11-23T12:00:00Z');

const kept: StartSnapshot = {
  version: START_SNAPSHOT_VERSION,
  urls: ['/search?s=paris&itemsPerPage=20', '/search?s=paris'],
  entry: '/assets/index-abc.js',
  colorScheme: 'dark',
  language: 'fr',
  lang: 'fr',
  dir: 'ltr',
  owner: 'user-1',
  html: '<main>France</main>',
  css: 'body{margin:0}',
  emotion: [{ key: 'mui', names: ['abc', 'def'], css: '.mui-abc{color:red}\n.mui-def:hover{color:blue}' }],
};
const session = { user: { id: 'user-1' }, expires: '2026-11-30T00:00:00Z' };

interface Page {
  url?: string;
  entry?: string;
  colorScheme?: string;
  cookie?: string;
  stored?: Record<string, string>;
}

/** Runs the script against a stand-in document; returns what it appended and the timers it set. */
function boot(page: Page = {}) {
  const appended: { head: Element[]; body: Element[] } = { head: [], body: [] };
  const timers: number[] = [];
  const stored = page.stored ?? {
    [START_SNAPSHOT_KEY]: JSON.stringify(kept),
    [SESSION_MEMORY_KEY]: JSON.stringify(session),
  };
  const [pathname, search = ''] = (page.url ?? kept.urls[0]!).split(/(?=\?)/);
  const element = () => {
    const made: Record<string, unknown> = {};
    made.setAttribute = (name: string, value: string) => (made[name] = value);
    return made;
  };
  const document = {
    cookie: page.cookie ?? 'theme=x; i18n_redirected=fr',
    documentElement: { dataset: { colorScheme: page.colorScheme ?? 'dark' } },
    querySelector: () => ({ getAttribute: () => page.entry ?? kept.entry }),
    createElement: element,
    head: { append: (...children: Element[]) => appended.head.push(...children) },
    body: { append: (child: Element) => appended.body.push(child) },
  };
  runInNewContext(bootScript, {
    document,
    location: { pathname, search },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    Date: { now: () => NOW, parse: Date.parse },
    setTimeout: (_: () => void, ms: number) => timers.push(ms),
  });
  const [overlay] = appended.body as unknown as Record<string, unknown>[];
  const [adopted, style] = appended.head as unknown as Record<string, unknown>[];
  return { overlay, adopted, style, timers };
}

describe('start-snapshot-boot.js', () => {
  it('paints the kept page, inert and hidden from assistive technology, for 10 s at most', () => {
    const { overlay, style, timers } = boot();
    expect(overlay).toMatchObject({
      id: 'start-snapshot',
      inert: true,
      'aria-hidden': 'true',
      lang: 'fr',
      dir: 'ltr',
      innerHTML: '<main>France</main>',
    });
    expect(style?.id).toBe('start-snapshot-style');
    expect(style?.textContent).toContain('body{margin:0}');
    expect(style?.textContent).toContain('#start-snapshot{position:fixed');
    expect(timers).toEqual([10_000]);
  });

  it('hands the class rules over in the form Emotion adopts as already inserted', () => {
    const { adopted } = boot();
    expect(adopted).toMatchObject({
      'data-emotion': 'mui abc def',
      textContent: '.mui-abc{color:red}\n.mui-def:hover{color:blue}',
    });
  });

  const otherViews: [string, Page][] = [
    ['another URL', { url: '/search?s=london' }],
    ['another colour scheme', { colorScheme: 'light' }],
    ['another chosen language', { cookie: 'i18n_redirected=ar' }],
    ['no language chosen yet', { cookie: 'theme=x' }],
  ];
  for (const [what, page] of otherViews) {
    it(`paints nothing for ${what}, but hands the class rules over (same build, same user)`, () => {
      const { overlay, adopted, style, timers } = boot(page);
      expect(overlay).toBeUndefined();
      expect(style).toBeUndefined();
      expect(timers).toEqual([]);
      expect(adopted).toMatchObject({ 'data-emotion': 'mui abc def' });
    });
  }

  const differences: [string, Page][] = [
    ['another build', { entry: '/assets/index-def.js' }],
    [
      'another signed-in user',
      {
        stored: {
          [START_SNAPSHOT_KEY]: JSON.stringify(kept),
          [SESSION_MEMORY_KEY]: JSON.stringify({ ...session, user: { id: 'user-2' } }),
        },
      },
    ],
    ['nobody signed in', { stored: { [START_SNAPSHOT_KEY]: JSON.stringify(kept) } }],
    [
      'a session that has expired',
      {
        stored: {
          [START_SNAPSHOT_KEY]: JSON.stringify(kept),
          [SESSION_MEMORY_KEY]: JSON.stringify({ ...session, expires: '2026-11-23T11:59:59Z' }),
        },
      },
    ],
    [
      'another snapshot version',
      { stored: { [START_SNAPSHOT_KEY]: JSON.stringify({ ...kept, version: 0 }) } },
    ],
    ['nothing kept', { stored: {} }],
    ['a damaged entry', { stored: { [START_SNAPSHOT_KEY]: '{"version":1,' } }],
  ];
  for (const [what, page] of differences) {
    it(`paints nothing for ${what}`, () => {
      const { overlay, adopted, timers } = boot(page);
      expect(overlay).toBeUndefined();
      expect(adopted).toBeUndefined();
      expect(timers).toEqual([]);
    });
  }

  it('paints it for the URL the kept page was opened with, before the screen added its defaults', () => {
    expect(boot({ url: '/search?s=paris' }).overlay?.innerHTML).toBe('<main>France</main>');
  });

  it('paints an anonymous visitor’s page when nobody is signed in', () => {
    const { overlay } = boot({ stored: { [START_SNAPSHOT_KEY]: JSON.stringify({ ...kept, owner: null }) } });
    expect(overlay?.innerHTML).toBe('<main>France</main>');
  });
});
