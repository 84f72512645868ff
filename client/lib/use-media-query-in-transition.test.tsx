// @vitest-environment happy-dom
// A media query's answer: the server's guess while a drawn page hydrates, the device's after, and
// each change drawn after the urgent work made with it.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { phoneFirstRender } from '#tests/support/first-render';
import { drawnByServer, hydrate } from '#tests/support/hydration';
import { setUrgent, Urgent } from '#tests/support/urgent-work';
import { FirstRenderContext, ServerDrawnProvider } from './first-render';
import { useMediaQueryInTransition } from './use-media-query-in-transition';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The device's answer to every query, changed by `resize`. */
let wide = false;
const listeners = new Set<() => void>();
const asked: string[] = [];
function resize(toWide: boolean) {
  wide = toWide;
  for (const listener of listeners) listener();
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => {
    asked.push(query);
    return {
      get matches() {
        return wide;
      },
      addEventListener: (_: 'change', listener: () => void) => listeners.add(listener),
      removeEventListener: (_: 'change', listener: () => void) => listeners.delete(listener),
    };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  wide = false;
  listeners.clear();
  asked.length = 0;
  drawn.length = 0;
  document.body.innerHTML = '';
});

const drawn: string[] = [];
function Layout() {
  const desktop = useMediaQueryInTransition('@media (min-width:1200px)', true);
  drawn.push(`desktop ${desktop}`);
  return <p>{desktop ? 'drawer' : 'bottom navigation'}</p>;
}

async function mount(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => createRoot(container).render(node));
  return container;
}

it('answers at once in a page the browser draws, asking without the @media prefix', async () => {
  wide = true;
  const container = await mount(<Layout />);
  expect(container.textContent).toBe('drawer');
  expect(drawn).toEqual(['desktop true']);
  expect(asked[0]).toBe('(min-width:1200px)');
});

it('hydrates what the server drew for its guess, then draws for the device', async () => {
  const page = (
    <FirstRenderContext value={phoneFirstRender}>
      <ServerDrawnProvider>
        <Layout />
      </ServerDrawnProvider>
    </FirstRenderContext>
  );
  const container = drawnByServer(page);
  expect(container.textContent).toBe('drawer');
  drawn.length = 0;

  expect(await hydrate(container, page)).toEqual([]);
  expect(drawn[0]).toBe('desktop true');
  expect(container.textContent).toBe('bottom navigation');
});

it('draws a change of width after the urgent work made with it, and stops listening once gone', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(
      <>
        <Layout />
        <Urgent drawn={drawn} />
      </>,
    ),
  );
  drawn.length = 0;
  await act(async () => {
    resize(true);
    setUrgent(1);
  });
  // (React may draw the layout more than once; the urgent work is drawn before it.)
  expect(drawn[0]).toBe('urgent 1');
  expect(drawn.at(-1)).toBe('desktop true');
  expect(container.textContent).toBe('drawer');

  await act(async () => root.unmount());
  expect(listeners.size).toBe(0);
});
