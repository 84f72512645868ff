// Environment variables, validated once at start-up; every other module receives a typed Env.
import { z } from 'zod/mini';
import '#shared/zod-locale';
import { appFile, bundled } from './app-files';
import { HEAD_DOCUMENTS, HEAD_FROM } from './search/artifact-build';

const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

const EnvSchema = z.object({
  /** The release bundle is for production; from source the default is development. */
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), bundled ? 'production' : 'development'),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535)), 3000),
  /** The origin people open the app at; unset: http://HOST:PORT (localhost for 0.0.0.0). */
  PUBLIC_URL: z.optional(z.url({ protocol: /^https?$/ })),
  DATABASE_URL: z.optional(z.url({ protocol: /^postgres(ql)?$/ })),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './.data'),
  /** The built client, found beside the server rather than from the working directory. */
  STATIC_DIR: z._default(z.string().check(z.minLength(1)), appFile('dist/client')),
  /** Anonymous first visits get pages rendered on the server (docs/rendering.md); off: every page is the shell. */
  SERVER_RENDERING: z._default(flag, true),
  LOG_LEVEL: z._default(z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']), 'info'),
  SEED_DEMO_DATA: z._default(flag, true),
  /**
   * A full build of a source of at least SEARCH_HEAD_FROM documents also makes its head segment: its
   * best-ranked SEARCH_HEAD_DOCUMENTS, searched while the whole index downloads (ADR 023).
   */
  SEARCH_HEAD_FROM: z._default(z.coerce.number().check(z.int(), z.gte(1)), HEAD_FROM),
  SEARCH_HEAD_DOCUMENTS: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
    HEAD_DOCUMENTS,
  ),
  /** Proxies in front of the server that append to X-Forwarded-For (1 on Cloud Run); 0 trusts none. */
  TRUST_PROXY_HOPS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(10)), 0),
  /** GraphQL schema introspection; unset: on except in production. */
  GRAPHQL_INTROSPECTION: z.optional(flag),
  /** Also serve GraphQL subscriptions over WebSocket (graphql-ws) at /graphql; SSE always works. */
  GRAPHQL_WEBSOCKET: z._default(flag, false),
  /** Serves Prometheus metrics at /metrics to callers sending it as a bearer token; unset: no /metrics. */
  METRICS_TOKEN: z.optional(z.string().check(z.minLength(16, 'must be at least 16 characters'))),
  /** Encrypts session cookies and bearer tokens; the same value on every server process. Required in
   *  production; elsewhere generated once and kept in DATA_DIR. */
  AUTH_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /** Seconds a session lasts without being refreshed. */
  AUTH_SESSION_MAX_AGE: z._default(z.coerce.number().check(z.int(), z.gte(300)), 2_592_000),
  /** The browser re-reads the session when the window regains focus… */
  AUTH_REFRESH_ON_FOCUS: z._default(flag, true),
  /** …and every this many seconds (0: no timer). */
  AUTH_REFRESH_INTERVAL: z._default(z.coerce.number().check(z.int(), z.gte(0)), 0),
  /** Unknown addresses may create an account through the email link or an OAuth provider. */
  AUTH_SELF_REGISTRATION: z._default(flag, false),
  /** Mail server for sign-in links; unset outside production: links are written to the log. */
  SMTP_URL: z.optional(z.url({ protocol: /^smtps?$/ })),
  AUTH_EMAIL_FROM: z._default(z.string().check(z.minLength(3)), 'Sift <no-reply@localhost>'),
  AUTH_GITHUB_ID: z.optional(z.string().check(z.minLength(1))),
  AUTH_GITHUB_SECRET: z.optional(z.string().check(z.minLength(1))),
  AUTH_GOOGLE_ID: z.optional(z.string().check(z.minLength(1))),
  AUTH_GOOGLE_SECRET: z.optional(z.string().check(z.minLength(1))),
  AUTH_OIDC_ISSUER: z.optional(z.url({ protocol: /^https?$/ })),
  AUTH_OIDC_ID: z.optional(z.string().check(z.minLength(1))),
  AUTH_OIDC_SECRET: z.optional(z.string().check(z.minLength(1))),
  AUTH_OIDC_NAME: z._default(z.string().check(z.minLength(1)), 'Single sign-on'),
});

/** Rules across variables: a production secret, and OAuth providers configured completely or not at all. */
const CheckedEnvSchema = EnvSchema.check(
  z.superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'required in production (32+ random characters, e.g. `openssl rand -base64 33`)',
      });
    }
    const groups: [string, (string | undefined)[]][] = [
      ['AUTH_GITHUB', [env.AUTH_GITHUB_ID, env.AUTH_GITHUB_SECRET]],
      ['AUTH_GOOGLE', [env.AUTH_GOOGLE_ID, env.AUTH_GOOGLE_SECRET]],
      ['AUTH_OIDC', [env.AUTH_OIDC_ISSUER, env.AUTH_OIDC_ID, env.AUTH_OIDC_SECRET]],
    ];
    for (const [prefix, values] of groups) {
      if (values.some(Boolean) && !values.every(Boolean)) {
        ctx.addIssue({
          code: 'custom',
          path: [`${prefix}_*`],
          message: "set all of this provider's variables or none",
        });
      }
    }
  }),
);

/** The origin a server reached directly at HOST:PORT has; a wildcard address is reached as localhost. */
function directUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

const ResolvedEnvSchema = z.pipe(
  CheckedEnvSchema,
  z.transform((env) => ({
    ...env,
    PUBLIC_URL: env.PUBLIC_URL ?? directUrl(env.HOST, env.PORT),
    /** Whether PUBLIC_URL was set: then it is the only origin state-changing requests may come from. */
    PUBLIC_URL_CONFIGURED: env.PUBLIC_URL !== undefined,
  })),
);

export type Env = z.output<typeof ResolvedEnvSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
  }
}

/** Parses an environment; empty strings count as unset so a copied .env.example just works. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = ResolvedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  return result.data;
}
