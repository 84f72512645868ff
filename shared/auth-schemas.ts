// The zod schemas of what crosses the wire for sign-in (spec §3, §7): the session, the providers
// map and the browser's refresh settings. Kept apart from shared/auth.ts so the browser's first
// load can use the sign-in constants and types without zod; auth-api.ts imports these on demand.
import { z } from 'zod/mini';

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.string(),
});

export const SessionSchema = z.object({ user: SessionUserSchema, expires: z.string() });
/** What GET {auth}/session answers: the session, or null when nobody is signed in. */
export const SessionAnswerSchema = z.nullable(SessionSchema);

export const AuthProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['credentials', 'email', 'oauth', 'oidc']),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export const AuthProvidersSchema = z.record(z.string(), AuthProviderSchema);

export const CsrfResponseSchema = z.object({ csrfToken: z.string() });
/** What sign-in and sign-out posts answer when the form carries json=true. */
export const AuthRedirectSchema = z.object({ url: z.string() });

/** GET apiPaths.authSettings: how the browser keeps its copy of the session fresh. */
export const AuthSettingsSchema = z.object({
  refreshOnWindowFocus: z.boolean(),
  /** Seconds between session refreshes; 0: no timer. */
  refreshIntervalSeconds: z.int().check(z.gte(0)),
  /** Lifetime of the rotating bearer token; without a timer the browser refreshes this often. */
  refreshTokenMaxAgeSeconds: z.int().check(z.positive()),
  selfRegistration: z.boolean(),
});
