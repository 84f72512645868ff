// What crosses the wire for sign-in (spec §3, §6, §7): the types of the session, the providers map
// and the browser's refresh settings (their zod schemas live in auth-schemas.ts), and the
// bearer-token cookie that GraphQL requests read. Free of zod at run time.
import type { z } from 'zod/mini';
import type {
  AuthProviderSchema,
  AuthProvidersSchema,
  AuthSettingsSchema,
  SessionSchema,
} from './auth-schemas';

export type Session = z.infer<typeof SessionSchema>;
export type AuthProvider = z.infer<typeof AuthProviderSchema>;
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

/** The cookie the browser reads to send `Authorization: Bearer …` (spec §6). */
export const bearerTokenCookie = { name: 'auth.token', maxAgeSeconds: 604_800 } as const;

/** Pages Auth.js sends people to; the client routes of the same paths live in client/paths.ts. */
export const authPages = { login: '/modules/auth/login', loginCallback: '/loginCallbackUrl' } as const;

/** Error code of the sign-in flow a protected route starts (spec §2). */
export const SESSION_REQUIRED = 'SessionRequired';
/** Error code the client reports when sign-in attempts were rate limited (HTTP 429). */
export const RATE_LIMITED = 'RateLimited';
