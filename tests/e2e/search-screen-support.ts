// What the search screen's specs share: its parts as users find them, and the state of the
// search engine's sources.
import type { Page } from '@playwright/test';

export const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
export const options = (page: Page) =>
  page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
export const optionTitles = (page: Page) =>
  options(page).evaluateAll((found) => found.map((o) => o.querySelector('.result-title')?.textContent));
export const facet = (page: Page, name: string) =>
  page.getByRole('complementary').getByRole('region', { name, exact: true });

export const sourceStates = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.entries(window.siftSearch?.state().sources ?? {}).map(([n, s]) => [n, s.state]),
    ),
  );
