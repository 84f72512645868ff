// @vitest-environment happy-dom
// A deferred part's code loads in a task after the one that drew the page; a load that fails leaves
// the page as it is and is tried again when the connection returns, also when it returns while the
// failing load is still under way.
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { DeferredUi, type UiLoader } from './deferred-ui';

const Part = () => <p>the part</p>;

/** A loader whose loads the test settles one by one. */
function controlledLoader() {
  const loads: { resolve: () => void; reject: () => void }[] = [];
  const load: UiLoader = vi.fn(
    () =>
      new Promise<ComponentType>((resolve, reject) => {
        loads.push({ resolve: () => resolve(Part), reject: () => reject(new TypeError('Failed to fetch')) });
      }),
  );
  return { load, loads };
}

const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

/** Runs `steps` on fake timers; `nextTask` runs the tasks they queued. */
async function onFakeTimers(steps: (nextTask: () => Promise<void>) => Promise<void> | void) {
  vi.useFakeTimers();
  try {
    await steps(async () => {
      await act(() => vi.runOnlyPendingTimersAsync());
    });
  } finally {
    vi.useRealTimers();
  }
}

/** Renders the part, and lets the task after the render's start its first load. */
const renderAndStart = (load: UiLoader) =>
  onFakeTimers(async (nextTask) => {
    render(<DeferredUi load={load} />);
    await nextTask();
  });

afterEach(cleanup);

it('a load that failed is tried again when the connection returns', async () => {
  const { load, loads } = controlledLoader();
  await renderAndStart(load);
  await act(async () => loads[0]!.reject());
  expect(screen.queryByText('the part')).toBeNull();

  await goOnline();
  expect(load).toHaveBeenCalledTimes(2);
  await act(async () => loads[1]!.resolve());
  expect(screen.getByText('the part')).toBeTruthy();
});

it('a load under way when the connection returns, which then fails, is tried again', async () => {
  const { load, loads } = controlledLoader();
  await renderAndStart(load);
  await goOnline();
  expect(load).toHaveBeenCalledTimes(1);

  await act(async () => loads[0]!.reject());
  expect(load).toHaveBeenCalledTimes(2);
  await act(async () => loads[1]!.resolve());
  expect(screen.getByText('the part')).toBeTruthy();
});

it('a load under way when the connection returns, which then succeeds, is not repeated', async () => {
  const { load, loads } = controlledLoader();
  await renderAndStart(load);
  await goOnline();
  await act(async () => loads[0]!.resolve());
  expect(screen.getByText('the part')).toBeTruthy();
  expect(load).toHaveBeenCalledTimes(1);
});

it('the load starts after the task that drew the page, not in it', async () => {
  const { load, loads } = controlledLoader();
  await onFakeTimers(async (nextTask) => {
    render(<DeferredUi load={load} />);
    expect(load).not.toHaveBeenCalled();
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
  });
  await act(async () => loads[0]!.resolve());
  expect(screen.getByText('the part')).toBeTruthy();
});

it('a part gone before its turn loads nothing', async () => {
  const { load } = controlledLoader();
  await onFakeTimers(async (nextTask) => {
    render(<DeferredUi load={load} />).unmount();
    await nextTask();
    expect(load).not.toHaveBeenCalled();
  });
});
