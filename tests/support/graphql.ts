// Runs GraphQL operations against the app in process, as the browser sends them (POST JSON):
//   const { data, errors } = await graphql(app, '{ me { email } }', {}, session.bearerHeaders);
import { apiPaths } from '#shared/api-paths';

export interface GraphqlBody<TData = Record<string, unknown>> {
  data?: TData | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: Record<string, unknown> }[];
}

/** What `graphql()` answers when the test does not name the data's type. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers of any shape
export type GraphqlAnswer = GraphqlBody<any> & { status: number };

interface RequestingApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export async function graphqlResponse(
  app: RequestingApp,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request(apiPaths.graphql, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of any shape
export async function graphql<TData = any>(
  app: RequestingApp,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphqlBody<TData> & { status: number }> {
  const response = await graphqlResponse(app, query, variables, headers);
  return { status: response.status, ...((await response.json()) as GraphqlBody<TData>) };
}

/** The extensions.code of each error, in order. */
export const errorCodes = (body: GraphqlBody<unknown>) => (body.errors ?? []).map((e) => e.extensions?.code);
