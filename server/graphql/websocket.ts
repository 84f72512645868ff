// GraphQL over WebSocket (the graphql-ws protocol) at /graphql when GRAPHQL_WEBSOCKET is on: the
// same Yoga pipeline as HTTP (schema, limits, masking), with the bearer token taken from the
// connection's `connectionParams.Authorization`, since browsers cannot set WebSocket headers.
import type { Server } from 'node:http';
import { type ExecutionArgs, GraphQLError } from 'graphql';
import { useServer as serveGraphqlWs } from 'graphql-ws/use/ws';
import type { YogaInitialContext } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { apiPaths } from '#shared/api-paths';
import { createGraphqlYoga, type GraphqlServerDeps } from './yoga';

type Enveloped = ReturnType<ReturnType<typeof createGraphqlYoga>['getEnveloped']>;
type RootValue = Pick<Enveloped, 'execute' | 'subscribe'>;

function authorization(params: Readonly<Record<string, unknown>> | undefined): string | undefined {
  const entry = Object.entries(params ?? {}).find(([key]) => key.toLowerCase() === 'authorization');
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

export function attachGraphqlWebSocket(server: Server, deps: GraphqlServerDeps) {
  const yoga = createGraphqlYoga(deps);
  const wsServer = new WebSocketServer({ server, path: apiPaths.graphql });
  const graphqlWs = serveGraphqlWs(
    {
      execute: (args) => (args.rootValue as RootValue).execute(args as ExecutionArgs),
      subscribe: (args) => (args.rootValue as RootValue).subscribe(args as ExecutionArgs),
      onSubscribe: async (ctx, _id, payload) => {
        const token = authorization(ctx.connectionParams);
        const request = new Request(new URL(apiPaths.graphql, deps.env.PUBLIC_URL), {
          headers: token ? { Authorization: token } : {},
        });
        const params = {
          query: payload.query,
          operationName: payload.operationName ?? undefined,
          variables: payload.variables ?? undefined,
        };
        const initial: Partial<YogaInitialContext> = { request, params };
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped(initial);
        let document: ReturnType<typeof parse>;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [
            error instanceof GraphQLError ? error : new GraphQLError('The operation cannot be parsed.'),
          ];
        }
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe } satisfies RootValue,
        };
      },
    },
    wsServer,
  );
  return {
    async close() {
      await graphqlWs.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
