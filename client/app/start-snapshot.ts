// The start snapshot (docs/decisions/010-start-snapshot.md): when a settled search screen is left,
// its HTML and styles are kept on the device; the next start of the same URL paints them at once
// (public/start-snapshot-boot.js), inert, until the live screen has settled and takes their place.
// A convenience, so only with consent to preferences; forgotten on sign-in or sign-out.
import { LOCALE_COOKIE } from '#shared/locales';
import { optionalStorage } from '../consent/optional-storage';
import { authStore } from '../features/auth/auth-store';
import { readCookie } from '../lib/cookies';
import { START_SNAPSHOT_KEY, START_SNAPSHOT_VERSION, type StartSnapshot } from './start-snapshot-format';

const OVERLAY_ID = 'start-snapshot';
const STYLE_ID = 'start-snapshot-style';
/** Larger pages are not kept: localStorage is small and shared. */
const MAX_SNAPSHOT_CHARS = 1_500_000;

const storage = optionalStorage('preferences');

const here = () => window.location.pathname + window.location.search;
/**
 * The URL this document was opened with, before the screen rewrote it (adding its defaults): the
 * navigation's own, since this module loads with the search route, not with the document.
 */
const openedUrl = (() => {
  // The render bundle (docs/rendering.md) loads this module on the server, which keeps nothing.
  if (import.meta.env.SSR) return '';
  const opened = new URL(performance.getEntriesByType('navigation')[0]?.name ?? window.location.href);
  return opened.pathname + opened.search;
})();

/** The URLs that lead to the view shown now: the opened one only while it asks for the same text. */
function urlsOfView(): string[] {
  const url = here();
  const [opened, now] = [new URL(openedUrl, location.origin), new URL(url, location.origin)];
  const sameText =
    opened.pathname === now.pathname && opened.searchParams.get('s') === now.searchParams.get('s');
  return sameText && openedUrl !== url ? [url, openedUrl] : [url];
}

/** The page as drawn: form state copied into attributes, ids dropped (the live page owns them). */
function freeze(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  const liveInputs = root.querySelectorAll('input');
  copy.querySelectorAll('input').forEach((input, i) => {
    const live = liveInputs[i]!;
    input.setAttribute('value', live.value);
    input.toggleAttribute('checked', live.checked);
  });
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  return copy.innerHTML;
}

const rulesOf = (style: HTMLStyleElement) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText);

/**
 * Every rule the page's style elements hold (Emotion inserts its rules without text): the class
 * rules of each Emotion cache apart, with the names they define (the first `.key-name` of each
 * rule), and the rest (global styles, keyframes) together.
 */
function styleRules(): Pick<StartSnapshot, 'css' | 'emotion'> {
  const rest: string[] = [];
  const byKey = new Map<string, { names: Set<string>; rules: string[] }>();
  for (const style of document.querySelectorAll<HTMLStyleElement>(`head style:not(#${STYLE_ID})`)) {
    const key = style.dataset.emotion?.split(' ')[0];
    if (!key || key.endsWith('-global')) {
      rest.push(...rulesOf(style));
      continue;
    }
    const group = byKey.get(key) ?? { names: new Set<string>(), rules: [] };
    byKey.set(key, group);
    const className = new RegExp(`\\.${key}-([a-z0-9]+)`);
    for (const rule of rulesOf(style)) {
      const name = className.exec(rule)?.[1];
      if (name) {
        group.names.add(name);
        group.rules.push(rule);
      } else rest.push(rule);
    }
  }
  return {
    css: rest.join('\n'),
    emotion: [...byKey].map(([key, { names, rules }]) => ({ key, names: [...names], css: rules.join('\n') })),
  };
}

function capture(): StartSnapshot {
  return {
    version: START_SNAPSHOT_VERSION,
    urls: urlsOfView(),
    entry: document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '',
    colorScheme: document.documentElement.dataset.colorScheme ?? '',
    // The language cookie decides the app's language once written, and the app writes it at start.
    language: readCookie(LOCALE_COOKIE) ?? '',
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    owner: authStore.getState().data?.user.id ?? null,
    html: freeze(document.getElementById('root')!),
    ...styleRules(),
  };
}

function save(): void {
  try {
    const snapshot = capture();
    const json = JSON.stringify(snapshot);
    if (json.length > MAX_SNAPSHOT_CHARS) forgetStartSnapshot();
    else storage.write(START_SNAPSHOT_KEY, json);
  } catch (error) {
    // Full or blocked storage: the next start just draws the page itself.
    console.warn('[start-snapshot] not kept', error);
    forgetStartSnapshot();
  }
}

export function forgetStartSnapshot(): void {
  storage.remove(START_SNAPSHOT_KEY);
}

/**
 * Takes the painted snapshot away, revealing the live page (idempotent). Its class rules stay:
 * the app's Emotion caches own them now.
 */
export function dismissStartSnapshot(): void {
  document.getElementById(OVERLAY_ID)?.remove();
  document.getElementById(STYLE_ID)?.remove();
}

/**
 * While a screen is mounted: keeps a snapshot of it whenever the page is hidden or left while the
 * screen has settled (`isSettled`). Returns the cleanup.
 */
export function keepStartSnapshot(isSettled: () => boolean): () => void {
  const onHide = (event: Event) => {
    const hidden = event.type === 'pagehide' || document.visibilityState === 'hidden';
    if (hidden && isSettled()) save();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', onHide);
  return () => {
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', onHide);
  };
}

// Another user, or nobody, must never see the last one's results.
authStore.onChange(forgetStartSnapshot);
