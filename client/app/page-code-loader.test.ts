// @vitest-environment happy-dom
// index.html's loader: a page the server drew asks for the code its template keeps once its largest
// paint is reported, not before; a page with no such paint after a second, a hidden one at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// happy-dom's URL has no file scheme: the path from this file's folder.
const indexHtml = readFileSync(join(import.meta.dirname, '../index.html'), 'utf8');
const loader = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map(([, script]) => script!)
  .find((script) => script.includes('sift-page-code'))!;

/** The paints the browser reports: each observer's callback, called with no entries needed. */
let reportPaint: (() => void)[];
let observed: string[];

class FakeObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  constructor(private readonly callback: () => void) {}
  observe({ type }: { type: string }) {
    observed.push(type);
    reportPaint.push(() => this.callback());
  }
  disconnect() {
    reportPaint = [];
  }
}

const asked = () => document.head.querySelector('link[rel="modulepreload"]') !== null;

function drawnPage(visibility: DocumentVisibilityState = 'visible') {
  document.head.innerHTML =
    '<template id="sift-page-code"><link rel="modulepreload" href="/assets/react.js"></template>';
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  new Function(loader)();
}

beforeEach(() => {
  vi.useFakeTimers();
  reportPaint = [];
  observed = [];
  vi.stubGlobal('PerformanceObserver', FakeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("index.html's loader of a drawn page's code", () => {
  it('asks for the code once the largest paint is reported, and only once', () => {
    drawnPage();
    expect(observed).toEqual(['largest-contentful-paint']);
    expect(asked()).toBe(false);
    for (const report of reportPaint) report();
    expect(asked()).toBe(true);
    expect(document.getElementById('sift-page-code')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(1);
  });

  it('asks after a second when nothing contentful is painted', () => {
    drawnPage();
    vi.advanceTimersByTime(999);
    expect(asked()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(asked()).toBe(true);
  });

  it('asks at once when the page is hidden, which paints nothing', () => {
    drawnPage('hidden');
    expect(asked()).toBe(true);
  });

  it('waits for the first contentful paint where the largest is not reported', () => {
    FakeObserver.supportedEntryTypes = ['paint'];
    drawnPage();
    expect(observed).toEqual(['paint']);
    for (const report of reportPaint) report();
    expect(asked()).toBe(true);
    FakeObserver.supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  });

  it('does nothing on the shell, which loads its code itself', () => {
    document.head.innerHTML = '';
    new Function(loader)();
    expect(observed).toEqual([]);
  });
});
