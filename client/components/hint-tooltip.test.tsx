// @vitest-environment happy-dom
// A hint hydrates as its bare child, and becomes MUI's tooltip once the page is the browser's,
// keeping the focus a visitor gave the child before that.
import { IconButton } from '@mui/material';
import { fireEvent, screen } from '@testing-library/react';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { FirstRenderContext, ServerDrawnProvider } from '#client/lib/first-render';
import type { FirstRender } from '#shared/render-bundle';
import { phoneFirstRender } from '#tests/support/first-render';
import { drawnByServer, hydrate } from '#tests/support/hydration';
import { HintTooltip } from './hint-tooltip';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = (firstRender: FirstRender | null): ReactNode => (
  <FirstRenderContext value={firstRender}>
    <ServerDrawnProvider>
      <HintTooltip title="Change the language">
        <IconButton aria-label="Language">L</IconButton>
      </HintTooltip>
    </ServerDrawnProvider>
  </FirstRenderContext>
);

afterEach(() => {
  document.body.innerHTML = '';
});

async function shownOnHover(button: HTMLElement) {
  fireEvent.mouseOver(button);
  expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Change the language');
}

it('hydrates the server’s button, then draws it with its tooltip, focus kept', async () => {
  const container = drawnByServer(page(phoneFirstRender));
  const drawnButton = screen.getByRole('button', { name: 'Language' });
  // A keyboard visitor reached the button before the modules arrived.
  drawnButton.focus();

  expect(await hydrate(container, page(phoneFirstRender))).toEqual([]);
  const hydrated = screen.getByRole('button', { name: 'Language' });
  expect(hydrated).not.toBe(drawnButton);
  expect(document.activeElement).toBe(hydrated);
  await shownOnHover(hydrated);
});

it('draws the tooltip at once on a start without a server page', async () => {
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => createRoot(container).render(page(null)));
  const button = screen.getByRole('button', { name: 'Language' });
  await act(async () => {});
  expect(screen.getByRole('button', { name: 'Language' })).toBe(button);
  expect(document.activeElement).not.toBe(button);
  await shownOnHover(button);
});
