// @vitest-environment happy-dom
// A query read in the background: its answers drawn, a new key's cached answer at once, a change
// drawn after urgent work, a query nobody reads never drawn again, and nothing left observing it.
import {
  defaultScheduler,
  notifyManager,
  QueryClient,
  QueryClientProvider,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { setUrgent, Urgent } from '#tests/support/urgent-work';
import { useQueryInTransition } from './use-query-in-transition';

const drawn: string[] = [];
function Answer({ options }: { options: UseQueryOptions<string> }) {
  const { data, status } = useQueryInTransition(options);
  drawn.push(`answer ${data ?? status}`);
  return <p>{`answer ${data ?? status}`}</p>;
}

const withClient = (client: QueryClient, node: React.ReactNode) => (
  <QueryClientProvider client={client}>{node}</QueryClientProvider>
);

afterEach(() => {
  cleanup();
  drawn.length = 0;
  notifyManager.setScheduler(defaultScheduler);
});

it("draws the answer once it comes, and a new key's cached answer at once", async () => {
  const client = new QueryClient();
  let answer: (value: string) => void = () => {};
  const asked = { queryKey: ['n', 1], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) };
  const view = render(withClient(client, <Answer options={asked} />));
  expect(screen.getByText('answer pending')).toBeTruthy();
  await act(async () => answer('one'));
  await waitFor(() => expect(screen.getByText('answer one')).toBeTruthy());

  client.setQueryData(['n', 2], 'two');
  const cached = {
    queryKey: ['n', 2],
    queryFn: async () => 'not asked',
    staleTime: Number.POSITIVE_INFINITY,
  };
  drawn.length = 0;
  view.rerender(withClient(client, <Answer options={cached} />));
  expect(drawn).toEqual(['answer two']);
});

it('draws a change after the urgent work made with it', async () => {
  const client = new QueryClient();
  client.setQueryData(['n'], 'a');
  const options = { queryKey: ['n'], queryFn: async () => 'a', staleTime: Number.POSITIVE_INFINITY };
  render(
    withClient(
      client,
      <>
        <Answer options={options} />
        <Urgent drawn={drawn} />
      </>,
    ),
  );
  // Listeners told at once, so the change and the urgent work are made in the same task.
  notifyManager.setScheduler((callback) => callback());
  drawn.length = 0;
  await act(async () => {
    client.setQueryData(['n'], 'b');
    setUrgent(1);
  });
  expect(drawn).toEqual(['urgent 1', 'answer b']);
});

it('keeps a query that nothing reads fetched while mounted, never drawing it again', async () => {
  const client = new QueryClient();
  const options = { queryKey: ['kept'], queryFn: async () => 'fetched', notifyOnChangeProps: [] };
  const view = render(withClient(client, <Answer options={options} />));
  await waitFor(() => expect(client.getQueryData(['kept'])).toBe('fetched'));
  expect(drawn).toEqual(['answer pending']);

  view.unmount();
  expect(
    client
      .getQueryCache()
      .find({ queryKey: ['kept'] })
      ?.getObserversCount(),
  ).toBe(0);
});
