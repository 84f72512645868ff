// The GraphQL client: queries and mutations over HTTP with the bearer token, subscriptions over
// graphql-ws when a WebSocket URL is configured and over server-sent events (graphql-sse) otherwise,
// each loaded on the first subscription. Failures are reported to `onError` (the app logs them:
// spec §8 "data-query layer errors").
import {
  type GraphqlDocument,
  GraphqlRequestError,
  type GraphqlResult,
  GraphqlUsageError,
  operationName,
  type Subscribe,
  type SubscriptionSink,
} from './graphql-types';

export interface GraphqlClientOptions {
  endpoint: string;
  /** The bearer token of the signed-in user, read at every request. */
  token: () => string | undefined;
  /** graphql-ws endpoint; none (the default) means subscriptions use server-sent events. */
  webSocketUrl?: string;
  fetch?: typeof fetch;
  webSocketImpl?: unknown;
  wait?: (ms: number) => Promise<void>;
  onError?: (error: unknown, operation: string | undefined) => void;
}

export interface GraphqlClient {
  readonly subscriptionTransport: 'websocket' | 'sse';
  /** The whole result, GraphQL errors included; throws only when no GraphQL answer came. */
  execute<TResult, TVariables>(
    document: GraphqlDocument<TResult, TVariables>,
    variables?: TVariables,
    signal?: AbortSignal,
  ): Promise<GraphqlResult<TResult>>;
  /** The data; throws a GraphqlRequestError when the answer holds errors. */
  request<TResult, TVariables>(
    document: GraphqlDocument<TResult, TVariables>,
    variables?: TVariables,
    signal?: AbortSignal,
  ): Promise<TResult>;
  subscribe<TResult, TVariables>(
    document: GraphqlDocument<TResult, TVariables>,
    variables: TVariables | undefined,
    sink: SubscriptionSink<TResult>,
  ): () => void;
}

/** A transport loaded on the first subscription: pages that never subscribe do not pay for it. */
function onFirstSubscription(load: () => Promise<Subscribe>): Subscribe {
  let loading: Promise<Subscribe> | undefined;
  return (payload, sink) => {
    loading ??= load();
    let stop: (() => void) | undefined;
    let stopped = false;
    loading.then(
      (subscribe) => {
        if (!stopped) stop = subscribe(payload, sink);
      },
      (error: unknown) => sink.error(error),
    );
    return () => {
      stopped = true;
      stop?.();
    };
  };
}

function queryText(document: GraphqlDocument<unknown, never> | null | undefined): string {
  const text = document?.toString().trim();
  if (!text) throw new GraphqlUsageError('A GraphQL operation needs a query');
  return text;
}

export function createGraphqlClient(options: GraphqlClientOptions): GraphqlClient {
  const fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  const headers = (): Record<string, string> => {
    const token = options.token();
    return token ? { Authorization: `Bearer ${token}` } : {};
  };
  const { webSocketUrl, wait } = options;
  const startSubscription = webSocketUrl
    ? onFirstSubscription(() =>
        import('./ws-subscription').then(({ createWsSubscriber }) =>
          createWsSubscriber({
            url: webSocketUrl,
            token: options.token,
            webSocketImpl: options.webSocketImpl,
            wait,
          }),
        ),
      )
    : onFirstSubscription(() =>
        import('./sse-subscription').then(
          ({ subscribeOverSse }): Subscribe =>
            (payload, sink) =>
              subscribeOverSse({ endpoint: options.endpoint, fetch: fetchFn, headers, wait }, payload, sink),
        ),
      );

  async function execute<TResult, TVariables>(
    document: GraphqlDocument<TResult, TVariables>,
    variables?: TVariables,
    signal?: AbortSignal,
  ): Promise<GraphqlResult<TResult>> {
    const query = queryText(document as GraphqlDocument<unknown, never>);
    try {
      const response = await fetchFn(options.endpoint, {
        method: 'POST',
        headers: {
          ...headers(),
          'Content-Type': 'application/json',
          Accept: 'application/graphql-response+json, application/json',
        },
        body: JSON.stringify({ query, variables: variables ?? {} }),
        signal,
      });
      if (!(response.headers.get('Content-Type') ?? '').includes('json')) {
        throw new GraphqlRequestError(
          `GraphQL request failed with HTTP ${response.status}`,
          [],
          response.status,
        );
      }
      const result = (await response.json()) as GraphqlResult<TResult>;
      if (!result.data && !result.errors?.length) {
        throw new GraphqlRequestError(
          `GraphQL answered HTTP ${response.status} without a result`,
          [],
          response.status,
        );
      }
      return result;
    } catch (error) {
      if (!signal?.aborted) options.onError?.(error, operationName(query));
      throw error instanceof GraphqlRequestError
        ? error
        : new GraphqlRequestError(error instanceof Error ? error.message : String(error), [], undefined, {
            cause: error,
          });
    }
  }

  return {
    subscriptionTransport: webSocketUrl ? 'websocket' : 'sse',
    execute,

    async request(document, variables, signal) {
      const result = await execute(document, variables, signal);
      if (result.errors?.length) {
        const error = new GraphqlRequestError(result.errors.map((e) => e.message).join('; '), result.errors);
        options.onError?.(error, operationName(document.toString()));
        throw error;
      }
      return result.data as NonNullable<typeof result.data>;
    },

    subscribe(document, variables, sink) {
      const query = queryText(document as GraphqlDocument<unknown, never>);
      const payload = { query, variables: (variables ?? {}) as Record<string, unknown> };
      const reporting = {
        ...sink,
        error: (error: unknown) => {
          options.onError?.(error, operationName(query));
          sink.error(error);
        },
      };
      return startSubscription(payload, reporting);
    },
  };
}
