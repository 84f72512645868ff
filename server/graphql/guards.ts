// The checks resolvers make before touching data, each failing with a GraphQL error whose
// extensions.code says why (docs/graphql.md lists them). Protected data is never read for a
// caller who may not see it.
import { GraphQLError } from 'graphql';
import type { SessionUser } from '../auth/session-user';
import type { GraphqlContext } from './context';
import type { LookupRecord } from './lookup-store';
import type { DataSourceModel } from './models';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'BAD_USER_INPUT';

export function graphqlError(code: ErrorCode, message: string, details: Record<string, unknown> = {}) {
  return new GraphQLError(message, { extensions: { code, ...details } });
}

export function requireUser(ctx: GraphqlContext, what: string): SessionUser {
  if (!ctx.user) throw graphqlError('UNAUTHENTICATED', `Sign in to read ${what}.`);
  return ctx.user;
}

export function requireAdmin(ctx: GraphqlContext): SessionUser {
  if (!ctx.user) throw graphqlError('UNAUTHENTICATED', 'Sign in as an administrator to change data.');
  if (ctx.user.role !== 'admin') throw graphqlError('FORBIDDEN', 'Only administrators may change data.');
  return ctx.user;
}

/** The configured source `name`, or null. */
export function dataSourceModel(ctx: GraphqlContext, name: string): DataSourceModel | null {
  const config = Object.hasOwn(ctx.config.gapSearch.dataSources, name)
    ? ctx.config.gapSearch.dataSources[name]
    : undefined;
  return config ? { name, config } : null;
}

export function knownSource(ctx: GraphqlContext, name: string): DataSourceModel {
  const source = dataSourceModel(ctx, name);
  if (!source)
    throw graphqlError('BAD_USER_INPUT', `There is no data source "${name}".`, { dataSource: name });
  return source;
}

/** A source whose documents the caller may read: protected ones only when signed in. */
export function readableSource(ctx: GraphqlContext, name: string): DataSourceModel {
  const source = knownSource(ctx, name);
  if (source.config.protected) requireUser(ctx, `the "${name}" data source`);
  return source;
}

/**
 * The lookup namespaces anonymous callers may read: those a public source labels its values with.
 * A public source shows its codes to everyone, so their labels are no secret; namespaces only
 * protected sources use stay for signed-in callers.
 */
export function publicLookupNamespaces(ctx: Pick<GraphqlContext, 'config'>): Set<string> {
  const namespaces = new Set<string>();
  for (const source of Object.values(ctx.config.gapSearch.dataSources)) {
    if (!source.protected) for (const namespace of Object.values(source.lookups)) namespaces.add(namespace);
  }
  return namespaces;
}

/** The lookups the caller may read: all when signed in, else those of public namespaces. */
export function readableLookups(
  ctx: Pick<GraphqlContext, 'config' | 'user'>,
  list: LookupRecord[],
): LookupRecord[] {
  if (ctx.user) return list;
  const namespaces = publicLookupNamespaces(ctx);
  return list.filter(({ id }) => namespaces.has(id.slice(0, id.indexOf('.'))));
}
