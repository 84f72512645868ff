// The GraphQL client against a stand-in fetch: bearer token, results, errors and the spec §8 usage
// errors, and failures (a subscription's included) reported to onError.
import { describe, expect, it, vi } from 'vitest';
import { TypedDocumentString } from './generated/operations';
import { createGraphqlClient } from './graphql-client';
import { GraphqlRequestError, GraphqlUsageError } from './graphql-types';
import { graphqlQueryOptions } from './use-graphql-query';

const doc = (text: string) => new TypedDocumentString<{ me: unknown }, Record<string, unknown>>(text);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/graphql-response+json' },
  });

function client(answer: (init: RequestInit) => Response | Promise<Response>, token?: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onError = vi.fn();
  const created = createGraphqlClient({
    endpoint: '/graphql',
    token: () => token,
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init! });
      return answer(init!);
    },
    wait: async () => {},
    onError,
  });
  return { client: created, calls, onError };
}

describe('GraphQL client', () => {
  it('posts the query and variables with the bearer token, and answers the data', async () => {
    const { client: c, calls, onError } = client(() => json({ data: { me: { id: '1' } } }), 'tok');
    expect(await c.request(doc('query Me { me { id } }'), { a: 1 })).toEqual({ me: { id: '1' } });
    expect(calls[0]!.url).toBe('/graphql');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      query: 'query Me { me { id } }',
      variables: { a: 1 },
    });
    expect(onError).not.toHaveBeenCalled();
  });

  it('sends no Authorization header when signed out', async () => {
    const { client: c, calls } = client(() => json({ data: { me: null } }));
    await c.request(doc('{ me { id } }'));
    expect(calls[0]!.init.headers).not.toHaveProperty('Authorization');
  });

  it('throws GraphQL errors with their codes, and reports them', async () => {
    const errors = [{ message: 'Sign in to read lookups.', extensions: { code: 'UNAUTHENTICATED' } }];
    const { client: c, onError } = client(() => json({ data: null, errors }));
    const failure = await c.request(doc('query Lookups { lookups { id } }')).catch((e) => e);
    expect(failure).toBeInstanceOf(GraphqlRequestError);
    expect(failure.code).toBe('UNAUTHENTICATED');
    expect(onError).toHaveBeenCalledWith(failure, 'Lookups');
    // execute() hands the same answer back whole instead.
    expect(await c.execute(doc('{ lookups { id } }'))).toEqual({ data: null, errors });
  });

  it('turns network failures and non-GraphQL answers into GraphqlRequestErrors', async () => {
    const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await offline.client.request(doc('{ me { id } }')).catch((e) => e);
    expect(error).toBeInstanceOf(GraphqlRequestError);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(offline.onError).toHaveBeenCalledTimes(1);
    const proxy = client(
      () => new Response('Bad gateway', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    await expect(proxy.client.request(doc('{ me { id } }'))).rejects.toMatchObject({ status: 502 });
  });

  it('throws when asked to run without a query or without a client (spec §8)', async () => {
    const { client: c, calls } = client(() => json({ data: {} }));
    await expect(c.request(doc('  '))).rejects.toBeInstanceOf(GraphqlUsageError);
    expect(() => graphqlQueryOptions(c, null)).toThrow(GraphqlUsageError);
    expect(() => graphqlQueryOptions(null, doc('{ me { id } }'))).toThrow(/needs a client/);
    expect(calls).toEqual([]);
  });

  it('keys a query by its hash and runs it through the client', async () => {
    const { client: c } = client(() => json({ data: { me: null } }));
    const options = graphqlQueryOptions(c, doc('{ me { id } }'), { x: 1 });
    expect(options.queryKey).toEqual(['graphql', expect.stringMatching(/^[0-9a-z]{10}$/)]);
    expect(await options.queryFn({ signal: new AbortController().signal })).toEqual({ me: null });
  });

  it('subscribes over server-sent events by default and reports a subscription that gives up, once', async () => {
    const {
      client: c,
      calls,
      onError,
    } = client(() => Promise.reject(new TypeError('Failed to fetch')), 'tok');
    expect(c.subscriptionTransport).toBe('sse');
    const failure = await new Promise((resolve, reject) => {
      c.subscribe(doc('subscription Updates { indexUpdated { crc32c } }'), undefined, {
        next: () => reject(new Error('no result expected')),
        error: resolve,
        complete: () => reject(new Error('completed')),
      });
    });
    expect(failure).toBeInstanceOf(TypeError);
    expect(calls).toHaveLength(6);
    expect(calls.every((call) => new Headers(call.init.headers).get('Authorization') === 'Bearer tok')).toBe(
      true,
    );
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure, 'Updates');
  });
});
