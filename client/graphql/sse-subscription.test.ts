// Subscriptions over server-sent events against a stand-in fetch: events in order, and the retry
// policy of spec §9 (5 retries, 500 ms doubling; a successful connection starts the count again).
import { describe, expect, it } from 'vitest';
import type { GraphqlResult, SubscriptionState } from './graphql-types';
import { subscribeOverSse } from './sse-subscription';

const stream = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/event-stream' } });
const event = (data: unknown) => `event: next\ndata: ${JSON.stringify(data)}\n\n`;

function run(answers: (() => Response | Promise<Response>)[]) {
  const waits: number[] = [];
  const results: GraphqlResult<unknown>[] = [];
  const states: SubscriptionState[] = [];
  let fetches = 0;
  const outcome = new Promise<'complete' | unknown>((resolve) => {
    subscribeOverSse(
      {
        endpoint: '/graphql',
        headers: () => ({ Authorization: 'Bearer t' }),
        fetch: async (_url, init) => {
          expect((init!.headers as Record<string, string>).Accept).toBe('text/event-stream');
          const answer = answers[Math.min(fetches++, answers.length - 1)]!;
          return answer();
        },
        wait: async (ms) => void waits.push(ms),
      },
      { query: 'subscription { indexUpdated { dataSource } }' },
      {
        next: (result) => results.push(result),
        error: (error) => resolve(error),
        complete: () => resolve('complete'),
        state: (state) => states.push(state),
      },
    );
  });
  return { outcome, waits, results, states, fetches: () => fetches };
}

describe('subscriptions over server-sent events', () => {
  it('delivers each event, keep-alives aside, until the server completes', async () => {
    const { outcome, results, waits } = run([
      () =>
        stream(
          `:\n\n${event({ data: { n: 1 } })}: ping\n\n${event({ data: { n: 2 } })}event: complete\ndata:\n\n`,
        ),
    ]);
    expect(await outcome).toBe('complete');
    expect(results).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }]);
    expect(waits).toEqual([]);
  });

  it('retries a failing connection 5 times, 500 ms doubling, then gives up with the error', async () => {
    const { outcome, waits, fetches, states } = run([() => Promise.reject(new TypeError('Failed to fetch'))]);
    expect(await outcome).toBeInstanceOf(TypeError);
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(fetches()).toBe(6);
    expect(states.filter((s) => s.state === 'retrying').map((s) => 'retry' in s && s.retry)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(states.at(-1)).toEqual({ state: 'closed' });
  });

  it('counts again from the first delay after a connection succeeds', async () => {
    const fail = () => Promise.reject(new TypeError('down'));
    const dropped = () => stream(event({ data: { n: 1 } })); // ends without `complete`
    const { outcome, waits } = run([fail, fail, dropped, fail, fail, fail, fail, fail, fail]);
    expect(await outcome).toBeInstanceOf(TypeError);
    expect(waits).toEqual([500, 1000, 500, 1000, 2000, 4000, 8000]);
  });

  it('hands a refused operation (a JSON answer) to the subscriber without retrying', async () => {
    const refused = { errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] };
    const { outcome, results, waits } = run([
      () =>
        new Response(JSON.stringify(refused), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ]);
    expect(await outcome).toBe('complete');
    expect(results).toEqual([refused]);
    expect(waits).toEqual([]);
  });
});
