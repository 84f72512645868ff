// Waiting for the page's CSS transitions to end: a menu that grows into place, a theme that fades in.
import type { Page } from '@playwright/test';

/** Resolves once no CSS transition of the page is running. */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
}

/**
 * Opens the menu of the button named `button` and picks its item named `item` once the menu has
 * grown into place: a click aimed at an item while the menu still grows can land beside it.
 */
export async function chooseInMenu(page: Page, button: string, item: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const choice = page.getByRole('menuitemradio', { name: item });
  await choice.waitFor();
  await transitionsEnded(page);
  await choice.click();
}
