// Entry: evaluates the start-up code in three tasks instead of one (React DOM, the router, then
// the rest of the shell), so no task blocks the page for long and the start snapshot paints
// before any of them (docs/decisions/011-staged-start.md). Each import is its own chunk
// (vite.config.ts), and the shell's modules import the first two again, already evaluated. On a
// page the server drew, input is held by index.html until it is hydrated (app/early-input.ts).
import { dropEarlyInput } from './app/early-input';
import { pageSearchWorker } from './app/page-search-worker';
import { isServerPage } from './app/server-page';
import { numberFormat, prepareNumberFormats } from './lib/number-format';
import { isItemPath, isSearchScreenPath } from './paths';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

async function boot(root: HTMLElement): Promise<void> {
  try {
    const { createRoot, hydrateRoot } = await import('react-dom/client');
    await nextTask();
    const { RouterProvider } = await import('react-router');
    await nextTask();
    const { startApp } = await import('./app/start-app');
    await startApp(root, { createRoot, hydrateRoot, RouterProvider });
  } catch (error) {
    console.error('Sift could not start', error);
    const message = document.createElement('p');
    message.style.cssText = 'font: 16px system-ui; padding: 24px';
    message.textContent = 'Sift could not start. Check your connection and reload the page.';
    root.replaceChildren(message);
  }
}

const root = document.getElementById('root')!;
const serverPage = isServerPage();
if (!serverPage) dropEarlyInput();
// A search URL of the shell (a signed-in visitor's, or a page the server did not render): the search
// worker starts now and restores the indexes the device holds while the app starts. A rendered page
// is more often a first visit: its worker starts with the search route, after the page's own code,
// so that on a slow network the worker's code does not hold the page's back.
const searchWorkerAtOnce = !serverPage && isSearchScreenPath(location.pathname);
if (searchWorkerAtOnce) pageSearchWorker();
// The search screen and an item's page format numbers in their first render, and a page's first
// Intl.NumberFormat costs 50–170 ms. A worker makes it while the start-up code arrives, unless the
// search worker already has the other core (a warm start waits for it; a third thread slowed it):
// then the page makes it in a task of its own.
if (isSearchScreenPath(location.pathname) || isItemPath(location.pathname)) {
  if (searchWorkerAtOnce) setTimeout(() => numberFormat(document.documentElement.lang));
  else prepareNumberFormats();
}
void boot(root);
