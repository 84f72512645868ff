// What a bench's page reports of itself, installed before any page script (context.addInitScript):
// long tasks, when the first result is painted (the start snapshot's, when there is one) and when
// the live screen's are, with the snapshot gone.

/** The user-timing mark set when the live screen's first result is on screen. */
export const LIVE_RESULT_MARK = 'sift-live-result';

declare global {
  interface Window {
    benchLongTasks: number[];
    benchFirstResultMs?: number;
    benchLiveResultMs?: number;
  }
}

/**
 * Installed before any page script: records long tasks, when the first result is painted (the
 * start snapshot's, when there is one) and when the live screen's are, with the snapshot gone.
 * Playwright sends its source to the page, so it names nothing from this module.
 */
export function observePage() {
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="listbox"] [role="option"]')) return;
    observer.disconnect();
    // The frame after the one that shows it: the result is on screen.
    requestAnimationFrame(() => {
      window.benchFirstResultMs = performance.now();
    });
  }).observe(document, { childList: true, subtree: true });
  new MutationObserver((_, observer) => {
    const live = document.querySelector('#root [role="listbox"] [role="option"]');
    if (!live || document.getElementById('start-snapshot')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.benchLiveResultMs = performance.now();
      performance.mark('sift-live-result'); // LIVE_RESULT_MARK
    });
  }).observe(document, { childList: true, subtree: true });
}
