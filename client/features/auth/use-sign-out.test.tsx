// @vitest-environment happy-dom
// Signing out from the account menu when the backup lacks some of the user's items: it asks first,
// naming how many and why, and signs out (deleting them from the device) only when told to. The
// server is faked at fetch; the key-value store (on fake IndexedDB), its sync and the auth store are
// the app's own.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvStore, kvSync } from '#client/kv/app-kv';
import { toldRefusal } from '#client/kv/told-refusal';
import { apiPaths } from '#shared/api-paths';
import { fakeServer, json } from '#tests/support/fake-server';
import { renderApp } from '#tests/support/render-app';
import { AccountMenu } from './account-menu';
import { authStore } from './auth-store';

const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', role: 'user' };

/**
 * The server: signed in until a sign-out; the backup answers as `backup` says ('held': accepts,
 * once `answerBackup` is called).
 */
function server(backup: 'accepts' | 'refuses' | 'held') {
  let signedIn = true;
  let held: Record<string, unknown> = {};
  return fakeServer({
    [`GET ${apiPaths.auth}/session`]: () =>
      json(signedIn ? { user, expires: '2030-01-01T00:00:00.000Z' } : null),
    [`GET ${apiPaths.auth}/csrf`]: () => json({ csrfToken: 'token-1' }),
    [`POST ${apiPaths.auth}/signout`]: () => {
      signedIn = false;
      return json({ url: `${location.origin}/here` });
    },
    [`POST ${apiPaths.signOutEverywhere}`]: () => {
      signedIn = false;
      return json({ ended: 1 });
    },
    [`GET ${apiPaths.backup}`]: () => json(held),
    [`POST ${apiPaths.backup}`]: async (request) => {
      if (backup === 'refuses') {
        return json({ error: { code: 'too_large', message: 'The snapshot is too large.' } }, { status: 413 });
      }
      if (backup === 'held') await backupAnswered;
      held = { ...held, ...((await request.json()) as Record<string, unknown>) };
      return json(held);
    },
  });
}

let fake: ReturnType<typeof server>;
let answerBackup = () => {};
let backupAnswered = Promise.resolve();

async function open(backup: 'accepts' | 'refuses' | 'held') {
  backupAnswered = new Promise<void>((resolve) => {
    answerBackup = resolve;
  });
  fake = server(backup);
  vi.stubGlobal('fetch', fake.fetch);
  await authStore.refresh();
  await kvSync.setSession({ id: user.id });
  await kvStore.set('draft', 'typed just now');
  const app = await renderApp({ url: '/here', routes: [{ path: '*', element: <AccountMenu /> }] });
  return app;
}

async function choose(app: Awaited<ReturnType<typeof open>>, item: string) {
  await app.user.click(await screen.findByRole('button', { name: 'Account' }));
  await app.user.click(screen.getByRole('menuitem', { name: item }));
}

beforeEach(async () => {
  // The backup's failures are retried and reported to the console: not what these tests are about.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  // Nobody signed in: the store holds nothing of a previous test's user.
  await kvSync.setSession(null);
});

afterEach(() => {
  answerBackup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('signing out', () => {
  it('signs out without asking when the backup holds every item', async () => {
    const app = await open('accepts');
    await choose(app, 'Sign out');
    await waitFor(() => expect(fake.to('POST', `${apiPaths.auth}/signout`)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks first when the backup was refused, and staying signed in keeps the items', async () => {
    const app = await open('refuses');
    await choose(app, 'Sign out');
    const dialog = await screen.findByRole('dialog', { name: 'One item is not backed up' });
    expect(dialog.textContent).toContain('The server refused the backup: The snapshot is too large.');
    // Told of the refusal here, so the refusal notice leaves it; and of a later sync's refusal while
    // the dialog is open.
    const first = kvSync.getState().lastResult?.at;
    expect(toldRefusal.getState().at).toBe(first);
    await expect(kvSync.sync()).rejects.toThrow('The snapshot is too large.');
    expect(kvSync.getState().lastResult).toMatchObject({ refused: true });
    expect(kvSync.getState().lastResult?.at).not.toBe(first);
    expect(toldRefusal.getState().at).toBe(kvSync.getState().lastResult?.at);
    await app.user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.to('POST', `${apiPaths.auth}/signout`)).toEqual([]);
    expect(kvStore.get('draft')).toBe('typed just now');
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();
  });

  it('asks when the backup is still running after the wait, and says so once it is done', async () => {
    const app = await open('held');
    await app.user.click(await screen.findByRole('button', { name: 'Account' }));
    // Only the wait is on fake time; Testing Library's queries wait on real timeouts.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await vi.advanceTimersByTimeAsync(3_000);
    await vi.runOnlyPendingTimersAsync();
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'One item is not backed up' });
    expect(dialog.textContent).toContain('The backup is taking longer than usual.');
    answerBackup();
    await screen.findByRole('dialog', { name: 'Everything is backed up now' });
    expect(fake.to('POST', `${apiPaths.auth}/signout`)).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(fake.to('POST', `${apiPaths.auth}/signout`)).toHaveLength(1));
  });

  it('signs out, here or everywhere, once told to delete what the backup lacks', async () => {
    const app = await open('refuses');
    await choose(app, 'Sign out of all devices');
    const dialog = await screen.findByRole('dialog', { name: 'One item is not backed up' });
    expect(fake.to('POST', apiPaths.signOutEverywhere)).toEqual([]);
    await app.user.click(within(dialog).getByRole('button', { name: 'Sign out and delete it' }));
    await waitFor(() => expect(fake.to('POST', apiPaths.signOutEverywhere)).toHaveLength(1));
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
