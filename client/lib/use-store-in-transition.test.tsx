// @vitest-environment happy-dom
// A store read in the background: the part selected, drawn again after urgent work, and a page the
// server drew hydrated from the store's initial state.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { phoneFirstRender as firstRender } from '#tests/support/first-render';
import { drawnByServer, hydrate } from '#tests/support/hydration';
import { setUrgent, Urgent } from '#tests/support/urgent-work';
import { FirstRenderContext, ServerDrawnProvider } from './first-render';
import { useStoreInTransition } from './use-store-in-transition';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface State {
  loaded: number;
  other: number;
}

const drawn: string[] = [];
function Loaded({ store, pick = 'loaded' }: { store: ReturnType<typeof makeStore>; pick?: keyof State }) {
  const value = useStoreInTransition(store, (s) => s[pick]);
  drawn.push(`${pick} ${value}`);
  return <p>{`${pick} ${value}`}</p>;
}

const makeStore = () => createStore<State>()(() => ({ loaded: 0, other: 0 }));

async function mount(node: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  return { container, root };
}

afterEach(() => {
  drawn.length = 0;
  document.body.innerHTML = '';
});

it('draws the part selected, again only when that part changes', async () => {
  const store = makeStore();
  store.setState({ loaded: 1 });
  const { container } = await mount(<Loaded store={store} />);
  expect(container.textContent).toBe('loaded 1');

  await act(async () => store.setState({ other: 5 }));
  await act(async () => store.setState({ loaded: 2 }));
  expect(container.textContent).toBe('loaded 2');
  expect(drawn).toEqual(['loaded 1', 'loaded 2']);
});

it('draws a change after the urgent work made with it', async () => {
  const store = makeStore();
  await mount(
    <>
      <Loaded store={store} />
      <Urgent drawn={drawn} />
    </>,
  );
  drawn.length = 0;
  await act(async () => {
    store.setState({ loaded: 1 });
    setUrgent(1);
  });
  expect(drawn).toEqual(['urgent 1', 'loaded 1']);
});

it('follows a change the selection before it ignored when the selection changes', async () => {
  const store = makeStore();
  const { container, root } = await mount(<Loaded store={store} />);
  await act(async () => store.setState({ other: 7 }));
  await act(async () => root.render(<Loaded store={store} pick="other" />));
  expect(container.textContent).toBe('other 7');
});

it('hydrates a page the server drew from the initial state, then draws the store as it is', async () => {
  const store = makeStore();
  const page = (
    <FirstRenderContext value={firstRender}>
      <ServerDrawnProvider>
        <Loaded store={store} />
      </ServerDrawnProvider>
    </FirstRenderContext>
  );
  const container = drawnByServer(page);
  store.setState({ loaded: 3 });
  drawn.length = 0;

  expect(await hydrate(container, page)).toEqual([]);
  expect(drawn[0]).toBe('loaded 0');
  expect(container.textContent).toBe('loaded 3');
});
