// @vitest-environment happy-dom
// The title of a page about one item: set while it shows the item, the platform's name before and after.
import { renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { usePageTitle } from './page-title';

it("names the item while its page shows it, and the platform's name once it is left", () => {
  document.title = 'France · Sift';
  const { rerender, unmount } = renderHook(({ title }) => usePageTitle(title, 'Sift'), {
    initialProps: { title: undefined as string | undefined },
  });
  expect(document.title).toBe('Sift');
  rerender({ title: 'Brazil' });
  expect(document.title).toBe('Brazil · Sift');
  unmount();
  expect(document.title).toBe('Sift');
});
