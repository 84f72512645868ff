// When React has hydrated a page the server drew: the node carries React's fiber.
import type { Page } from '@playwright/test';

/** Resolves once React has hydrated the element `selector` finds (the page's first heading by default). */
export const hydrated = (page: Page, selector = 'main h1') =>
  page.waitForFunction((found) => {
    const element = document.querySelector(found);
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
  }, selector);
