// The GraphQL Yoga server: schema, caller context, depth and cost limits, masked internal errors
// (logged with their stack), introspection as configured, and GraphiQL in development only.
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import {
  type GraphQLError,
  NoSchemaIntrospectionCustomRule,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createYoga, type Plugin, type YogaLogger } from 'graphql-yoga';
import { apiPaths } from '#shared/api-paths';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { type ArtifactCatalog, createArtifactCatalog } from '../search/artifact-catalog';
import type { GraphqlContext, GraphqlDeps } from './context';
import { createIndexEvents } from './index-events';
import { MAX_ALIASES, MAX_COST, MAX_DEPTH, MAX_DIRECTIVES, MAX_TOKENS, queryLimitsRule } from './limits';
import { createLookupStore, type LookupStore } from './lookup-store';
import { createGraphqlSchema } from './schema';

/** Large enough for a full batch of documents in one mutation (admins only). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;
/** Any other caller's body: far more than MAX_TOKENS of document and its variables take. */
export const MAX_QUERY_BYTES = 64 * 1024;

export interface GraphqlServerDeps extends GraphqlDeps {
  env: Env;
  /** Shared with whoever else answers from the lookups (the prepared answer); one of its own when absent. */
  lookups?: LookupStore;
  /** Shared with the index routes, so both answer from the same state; one of its own when absent. */
  artifacts?: ArtifactCatalog;
}

function yogaLogger(logger: Logger): YogaLogger {
  const at =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (first: unknown, ...rest: unknown[]) => {
      if (first instanceof Error) {
        // Masked errors arrive wrapped in a GraphQLError; the original has the useful stack.
        const err =
          'originalError' in first && first.originalError instanceof Error ? first.originalError : first;
        logger[level]({ err }, `GraphQL: ${first.message}`);
      } else {
        logger[level](rest.length > 0 ? { details: rest } : {}, `GraphQL: ${String(first)}`);
      }
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

const validationRulesPlugin = (rules: ValidationRule[]): Plugin => ({
  onValidate({ addValidationRule }) {
    for (const rule of rules) addValidationRule(rule);
  },
});

/** Armor's rules throw by default, which Yoga answers as a failed execution (200); reported, they are a 400. */
const asValidationError = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

export function createGraphqlYoga(deps: GraphqlServerDeps) {
  const { env, config, database, logger, sessions } = deps;
  const development = env.NODE_ENV === 'development';
  const introspection = env.GRAPHQL_INTROSPECTION ?? env.NODE_ENV !== 'production';
  const indexEvents = createIndexEvents(database, logger);
  const lookups = deps.lookups ?? createLookupStore(database);
  const artifacts = deps.artifacts ?? createArtifactCatalog(database);
  const rules = [queryLimitsRule({ maxDepth: MAX_DEPTH, maxCost: MAX_COST })];
  if (!introspection) rules.push(NoSchemaIntrospectionCustomRule);

  return createYoga({
    schema: createGraphqlSchema(),
    graphqlEndpoint: apiPaths.graphql,
    context: async ({ request }): Promise<GraphqlContext> => ({
      config,
      database,
      logger,
      indexEvents,
      lookups,
      artifacts,
      user: await sessions.bearerUser(request),
    }),
    plugins: [
      // The token limit stops the parser itself, so an oversized document costs microseconds, not
      // the seconds that parsing and validating 200,000 fields would freeze the event loop for.
      maxTokensPlugin({ n: MAX_TOKENS }),
      maxAliasesPlugin({ n: MAX_ALIASES, ...asValidationError }),
      maxDirectivesPlugin({ n: MAX_DIRECTIVES, ...asValidationError }),
      validationRulesPlugin(rules),
      // "Did you mean …?" would map the schema for anyone, even with introspection off.
      ...(development ? [] : [blockFieldSuggestionsPlugin()]),
    ],
    maskedErrors: { isDev: development },
    logging: yogaLogger(logger),
    graphiql: development && { title: `${config.platformName} GraphQL` },
    landingPage: false,
    // Same-origin only: the app and the API share an origin.
    cors: false,
    multipart: false,
    maxRequestBodySize: MAX_REQUEST_BYTES,
    // Node's own web classes, not @whatwg-node's ponyfills: the app's middleware (compression)
    // hands response bodies to Node streams, which accept only native ReadableStreams.
    fetchAPI: {
      Request,
      Response,
      Headers,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      URL,
      URLSearchParams,
      fetch,
    },
  });
}

export type GraphqlYoga = ReturnType<typeof createGraphqlYoga>;
