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

/** Renders the part, and lets the task after the render's start its first load. */
async function renderAndStart(load: UiLoader) {
  vi.useFakeTimers();
  try {
    render(<DeferredUi load={load} />);
    await act(() => vi.runOnlyPendingTimersAsync());
  } finally {
    vi.useRealTimers();
  }
}

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
  vi.useFakeTimers();
  try {
    render(<DeferredUi load={load} />);
    expect(load).not.toHaveBeenCalled();
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(load).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
  await act(async () => loads[0]!.resolve());
  expect(screen.getByText('the part')).toBeTruthy();
});

it('a part gone before its turn loads nothing', async () => {
  const { load } = controlledLoader();
  vi.useFakeTimers();
  try {
    render(<DeferredUi load={load} />).unmount();
    await act(() => vi.runOnlyPendingTimersAsync());
    expect(load).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});
