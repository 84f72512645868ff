// @vitest-environment happy-dom
// The key-value store pages as users see them, on the app's real store: items listed with their
// states, storing and removing, checksums and corruption, expiry counting down. IndexedDB comes
// from fake-indexeddb (happy-dom has none); nothing here reaches the network.
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvStore } from '#client/kv/app-kv';
import { paths } from '#client/paths';
import { renderApp } from '#tests/support/render-app';
import { ChecksumPage } from './checksum-page';
import { ExpiryPage } from './expiry-page';
import { SnapshotPage } from './snapshot-page';

const signedOut = () => false;

function open(path: string) {
  return renderApp({
    url: path,
    routes: [
      { path: paths.storageChecksum(), element: <ChecksumPage /> },
      { path: paths.storageExpiry(), element: <ExpiryPage /> },
      { path: paths.storageSnapshot(), element: <SnapshotPage sessionOn={signedOut} /> },
    ],
  });
}

/** The text of `column` in the row of `key` in the table named `table`; undefined without that row. */
function cell(table: string, key: string, column: string): string | undefined {
  const rows = within(screen.getByRole('table', { name: table })).getAllByRole('row');
  const headers = within(rows[0]!)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const row = rows.find((r) => within(r).queryAllByRole('cell')[0]?.textContent === key);
  return row && within(row).getAllByRole('cell')[headers.indexOf(column)]?.textContent;
}

const rowButton = (table: string, key: string, name: string) => {
  const row = within(screen.getByRole('table', { name: table }))
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === key);
  return within(row!).getByRole('button', { name });
};

/** Replaces a field's text; pasted, as typing it key by key would only slow the tests down. */
async function replaceText(app: Awaited<ReturnType<typeof open>>, field: HTMLElement, text: string) {
  await app.user.clear(field);
  await app.user.paste(text);
}

async function storeItem(app: Awaited<ReturnType<typeof open>>, key: string, value: string) {
  await replaceText(app, await screen.findByRole('textbox', { name: /^Key/ }), key);
  await replaceText(app, screen.getByRole('textbox', { name: 'Value' }), value);
  await app.user.click(screen.getByRole('button', { name: 'Store' }));
  expect(await screen.findByText(`Stored “${key}”.`)).toBeTruthy();
}

beforeEach(async () => {
  await kvStore.ready();
  for (const item of kvStore.items()) await kvStore.remove(item.key, { persist: false });
});
afterEach(() => vi.useRealTimers());

describe('the checksum page', () => {
  const table = 'Stored items and their checksums';

  it('shows the crc32c of the canonical JSON while typing', async () => {
    const app = await open(paths.storageChecksum());
    await app.user.click(await screen.findByRole('switch', { name: 'Read the value as JSON' }));
    const value = screen.getByRole('textbox', { name: 'Value' });
    // The standard check value: CRC-32C of "123456789" is 0xe3069283.
    await replaceText(app, value, '123456789');
    expect(screen.getByText('0xe3069283 (3808858755)')).toBeTruthy();
    // As text, the same characters are the JSON string "123456789": another checksum.
    await app.user.click(screen.getByRole('switch', { name: 'Read the value as JSON' }));
    expect(screen.getByText('"123456789"')).toBeTruthy();
    expect(screen.queryByText('0xe3069283 (3808858755)')).toBeNull();
    await app.user.click(screen.getByRole('switch', { name: 'Read the value as JSON' }));
    await app.user.type(value, '{{');
    expect(screen.getByText('This is not valid JSON.')).toBeTruthy();
  });

  it('lists a stored item as live with matching checksums, detects corruption, and removes it', async () => {
    const app = await open(paths.storageChecksum());
    expect(await screen.findByText('Nothing stored yet.')).toBeTruthy();
    await storeItem(app, 'recipe', 'flour');
    expect(cell(table, 'recipe', 'Value')).toBe('flour');
    expect(cell(table, 'recipe', 'State')).toBe('Live');
    expect(cell(table, 'recipe', 'Reads as')).toBe('flour');
    const stored = cell(table, 'recipe', 'Stored checksum');
    expect(stored).toMatch(/^0x[0-9a-f]{8}$/);
    expect(cell(table, 'recipe', 'Checksum of the value')).toBe(stored);

    await app.user.click(rowButton(table, 'recipe', 'Corrupt'));
    await waitFor(() => expect(cell(table, 'recipe', 'State')).toBe('Corrupted'));
    expect(cell(table, 'recipe', 'Reads as')).toBe('absent');
    expect(cell(table, 'recipe', 'Stored checksum')).toBe(stored);
    expect(cell(table, 'recipe', 'Checksum of the value')).not.toBe(stored);
    expect(screen.getByText(/^Corruption detected: .* of recipe\./)).toBeTruthy();

    await app.user.click(rowButton(table, 'recipe', 'Remove'));
    expect(await screen.findByText('Nothing stored yet.')).toBeTruthy();
  });

  it('explains a value the store refuses, and stores nothing', async () => {
    const app = await open(paths.storageChecksum());
    const value = await screen.findByRole('textbox', { name: 'Value' });
    await replaceText(app, value, 'x'.repeat(64 * 1024));
    await app.user.click(screen.getByRole('button', { name: 'Store' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The value is too large: at most 65536 bytes as JSON.',
    );
    expect(screen.getByText('Nothing stored yet.')).toBeTruthy();
  });
});

describe('the expiry page', () => {
  const table = 'Items with an expiry';

  it('counts down to the expiry, then shows the item expired and reading as absent', async () => {
    // Only the clock and the page's one-second ticker: fake-indexeddb schedules its work with setTimeout.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-01T08:00:00.000Z'));
    const app = await open(paths.storageExpiry());
    const ttl = await screen.findByRole('spinbutton', { name: 'Seconds to live' });
    await replaceText(app, ttl, '10');
    await storeItem(app, 'tea', 'ready');
    expect(cell(table, 'tea', 'Countdown')).toBe('in 10 seconds');
    expect(cell(table, 'tea', 'State')).toBe('Live');
    expect(cell(table, 'tea', 'Reads as')).toBe('ready');

    await act(() => vi.advanceTimersByTime(4000));
    expect(cell(table, 'tea', 'Countdown')).toBe('in 6 seconds');
    await act(() => vi.advanceTimersByTime(7000));
    expect(cell(table, 'tea', 'Countdown')).toBe('1 second ago');
    expect(cell(table, 'tea', 'State')).toBe('Expired');
    expect(cell(table, 'tea', 'Reads as')).toBe('absent');
  });
});

describe('the snapshot page', () => {
  const table = 'On this device';

  it('keeps a removed item as a tombstone until forgotten here', async () => {
    const app = await open(paths.storageSnapshot());
    await storeItem(app, 'list', 'milk');
    expect(cell(table, 'list', 'State')).toBe('Live');

    await app.user.click(rowButton(table, 'list', 'Remove'));
    await waitFor(() => expect(cell(table, 'list', 'State')).toBe('Removed'));
    expect(cell(table, 'list', 'Value')).toBe('—');

    await app.user.click(rowButton(table, 'list', 'Forget here'));
    expect(await screen.findByText('Nothing stored yet.')).toBeTruthy();
  });

  it('says "not authenticated" when syncing without a session', async () => {
    const app = await open(paths.storageSnapshot());
    expect(await screen.findByText('Sign in to see your backup.')).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(/^Sync at .* failed: not authenticated\.$/)).toBeTruthy();
  });
});
