// The executable schema: the SDL in schema.graphql with the resolvers of resolvers/.
import { readFileSync } from 'node:fs';
import { createSchema } from 'graphql-yoga';
import type { GraphqlContext } from './context';
import type { Resolvers } from './generated/resolver-types';
import { mutationResolvers } from './resolvers/mutation-resolvers';
import { queryResolvers } from './resolvers/query-resolvers';
import { DateTimeScalar, JsonScalar } from './resolvers/scalars';
import { subscriptionResolvers } from './resolvers/subscription-resolvers';
import { dataSourceResolvers, indexStatusResolvers, itemResolvers } from './resolvers/type-resolvers';

export const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

const resolvers: Resolvers = {
  JSON: JsonScalar,
  DateTime: DateTimeScalar,
  Query: queryResolvers,
  Mutation: mutationResolvers,
  Subscription: subscriptionResolvers,
  DataSource: dataSourceResolvers,
  Item: itemResolvers,
  IndexStatus: indexStatusResolvers,
};

export function createGraphqlSchema() {
  return createSchema<GraphqlContext>({ typeDefs, resolvers });
}
