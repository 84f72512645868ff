// Subscriptions over server-sent events against a stand-in fetch under fake timers: what is sent,
// events in order, the retry policy of spec §9 (5 retries, 500 ms doubling, counted again after a
// connection opens), the errors a subscriber gets, and unsubscribing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphqlRequestError, type GraphqlResult, type SubscriptionState } from './graphql-types';
import { subscribeOverSse } from './sse-subscription';

const encoder = new TextEncoder();
const event = (data: unknown) => `event: next\ndata: ${JSON.stringify(data)}\n\n`;

/** An event stream the test writes to, ends or drops (as a closed socket does) when it likes. */
function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    drop: () => controller.error(new TypeError('terminated')),
  };
}

const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function subscribe(answers: (() => Response | Promise<Response>)[]) {
  const requests: RequestInit[] = [];
  const results: GraphqlResult<unknown>[] = [];
  const states: SubscriptionState[] = [];
  const outcome: { error?: unknown; completed?: true } = {};
  const stop = subscribeOverSse(
    {
      endpoint: '/graphql',
      headers: () => ({ Authorization: 'Bearer t' }),
      fetch: async (_url, init) => {
        requests.push(init!);
        return answers[Math.min(requests.length - 1, answers.length - 1)]!();
      },
    },
    { query: 'subscription { indexUpdated { dataSource } }', variables: { a: 1 } },
    {
      next: (result) => results.push(result),
      error: (error) => Object.assign(outcome, { error }),
      complete: () => Object.assign(outcome, { completed: true }),
      state: (state) => states.push(state),
    },
  );
  const retries = () => states.flatMap((s) => (s.state === 'retrying' ? [s.delayMs] : []));
  return { stop, requests, results, states, outcome, retries };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('subscriptions over server-sent events', () => {
  it('posts the operation with the bearer token and delivers each event until the server completes', async () => {
    const stream = eventStream();
    const { requests, results, states, outcome } = subscribe([() => stream.response]);
    await vi.advanceTimersByTimeAsync(0);
    const headers = requests[0]!.headers as Record<string, string>;
    expect(requests[0]!.method).toBe('POST');
    expect(headers).toMatchObject({ Authorization: 'Bearer t', accept: 'text/event-stream' });
    expect(JSON.parse(String(requests[0]!.body))).toEqual({
      query: 'subscription { indexUpdated { dataSource } }',
      variables: { a: 1 },
    });
    expect(states).toEqual([{ state: 'connecting' }, { state: 'open' }]);

    stream.send(`:\n\n${event({ data: { n: 1 } })}`);
    stream.send(`: ping\n\n${event({ data: { n: 2 } })}event: complete\ndata:\n\n`);
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([{ data: { n: 1 } }, { data: { n: 2 } }]);
    expect(outcome).toEqual({ completed: true });
    expect(states.at(-1)).toEqual({ state: 'closed' });
    expect(requests).toHaveLength(1);
  });

  it('retries a failing connection 5 times, 500 ms doubling, then gives up with the failure', async () => {
    const { requests, states, outcome, retries } = subscribe([offline]);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 - 1);
    expect(requests).toHaveLength(5);
    expect(outcome).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(6);
    expect(retries()).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(states.flatMap((s) => (s.state === 'retrying' ? [s.retry] : []))).toEqual([1, 2, 3, 4, 5]);
    expect(outcome.error).toBeInstanceOf(TypeError);
    expect(outcome.error).toHaveProperty('message', 'Failed to fetch');
    expect(states.at(-1)).toEqual({ state: 'closed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(requests).toHaveLength(6);
  });

  it('treats an HTTP failure as a failed connection and reports its status', async () => {
    const badGateway = () =>
      new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/html' } });
    const { requests, outcome } = subscribe([badGateway]);
    await vi.advanceTimersByTimeAsync(15_500);
    expect(requests).toHaveLength(6);
    expect(outcome.error).toBeInstanceOf(GraphqlRequestError);
    expect(outcome.error).toMatchObject({ status: 502, message: 'The subscription failed with HTTP 502' });
  });

  it('counts again from the first delay after a connection opens, even one dropped before any event', async () => {
    const streams = [eventStream(), eventStream()];
    const { results, retries, outcome } = subscribe([
      offline,
      offline,
      () => streams[0]!.response,
      () => streams[1]!.response,
      offline,
    ]);
    await vi.advanceTimersByTimeAsync(500 + 1000);
    expect(retries()).toEqual([500, 1000]);
    streams[0]!.drop(); // open, quiet, then dropped
    await vi.advanceTimersByTimeAsync(500);
    streams[1]!.send(event({ data: { n: 1 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(results).toEqual([{ data: { n: 1 } }]);
    streams[1]!.drop();
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 8000);
    expect(retries()).toEqual([500, 1000, 500, 500, 1000, 2000, 4000, 8000]);
    expect(outcome.error).toBeInstanceOf(TypeError);
  });

  it('stops for good when unsubscribed, while open or while waiting to retry', async () => {
    const stream = eventStream();
    const open = subscribe([() => stream.response]);
    await vi.advanceTimersByTimeAsync(0);
    open.stop();
    expect(open.requests[0]!.signal!.aborted).toBe(true);
    expect(open.states.at(-1)).toEqual({ state: 'closed' });

    const waiting = subscribe([offline]);
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.retries()).toEqual([500]);
    waiting.stop();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0); // the retry's wait ended with it
    await vi.advanceTimersByTimeAsync(60_000);
    expect(waiting.requests).toHaveLength(1);
    for (const { outcome, states } of [open, waiting]) {
      expect(outcome).toEqual({});
      expect(states.filter((s) => s.state === 'closed')).toHaveLength(1);
    }
  });
});
