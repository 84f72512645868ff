// @vitest-environment happy-dom
// A server-drawn page hydrates as the server drew it, then draws what only the browser knows.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import type { FirstRender } from '#shared/render-bundle';
import { phoneFirstRender as firstRender } from '#tests/support/first-render';
import { drawnByServer, hydrate } from '#tests/support/hydration';
import { FirstRenderContext, firstDrawnRows, ServerDrawnProvider, useServerDrawn } from './first-render';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const drawn: boolean[] = [];
function Probe() {
  const serverDrawn = useServerDrawn();
  drawn.push(serverDrawn);
  return <p>{serverDrawn ? 'as the server drew it' : "the device's own"}</p>;
}

const page = (context: FirstRender | null): ReactNode => (
  <FirstRenderContext value={context}>
    <ServerDrawnProvider>
      <Probe />
    </ServerDrawnProvider>
  </FirstRenderContext>
);

afterEach(() => {
  drawn.length = 0;
  document.body.innerHTML = '';
});

it('hydrates what the server drew without a mismatch, then draws the device’s own', async () => {
  const container = drawnByServer(page(firstRender));
  expect(container.textContent).toBe('as the server drew it');
  drawn.length = 0;

  expect(await hydrate(container, page(firstRender))).toEqual([]);
  expect(drawn).toEqual([true, false]);
  expect(container.textContent).toBe("the device's own");
});

it('draws the device’s own at once on a start without a server page', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container).render(page(null)));
  expect(drawn).toEqual([false]);
});

it('draws a growing field with its least rows, or one per line of its text', () => {
  expect(firstDrawnRows('', 6)).toBe(6);
  expect(firstDrawnRows('one\ntwo', 1)).toBe(2);
  expect(firstDrawnRows('a\nb\nc\nd\ne\nf\ng', 6)).toBe(7);
});
