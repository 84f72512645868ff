// Makes a GraphQL client available to the hooks below it; the app provides appGraphqlClient.
import { createContext, type ReactNode, useContext } from 'react';
import type { GraphqlClient } from './graphql-client';

const GraphqlClientContext = createContext<GraphqlClient | null>(null);

export function GraphqlProvider({ client, children }: { client: GraphqlClient; children: ReactNode }) {
  return <GraphqlClientContext.Provider value={client}>{children}</GraphqlClientContext.Provider>;
}

/** The client of the nearest GraphqlProvider, or null outside one. */
export function useGraphqlClient(): GraphqlClient | null {
  return useContext(GraphqlClientContext);
}
