// The Auth.js configuration: JWT sessions in cookies, each tied to a server-side session
// (session-store.ts) that sign-out revokes, our pages for sign-in, errors and "check your email",
// and callbacks that keep the session in step with the users table.
import type { AuthConfig } from '@auth/core';
import type { AuthError } from '@auth/core/errors';
import { apiPaths } from '#shared/api-paths';
import { authPages, type Session } from '#shared/auth';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { authAdapter, findLinkedAccount } from './auth-adapter';
import { usesSecureCookies } from './auth-cookies';
import { authProviders } from './auth-providers';
import type { SessionStore } from './session-store';
import type { SignInMailer } from './sign-in-mailer';
import { findUserByEmail, findUserById } from './user-store';

/** Refusals that are part of normal use: logged at info, not as server errors. */
const EXPECTED_ERRORS = new Set([
  'CredentialsSignin',
  'MissingCSRF',
  'AccessDenied',
  'Verification',
  'OAuthAccountNotLinked',
  'InvalidProvider',
  'UnknownAction',
]);

export interface AuthConfigDeps {
  db: Db;
  env: Env;
  logger: Logger;
  secret: string;
  mailer: SignInMailer | null;
  sessionStore: SessionStore;
}

export function createAuthConfig({
  db,
  env,
  logger,
  secret,
  mailer,
  sessionStore,
}: AuthConfigDeps): AuthConfig {
  return {
    basePath: apiPaths.auth,
    secret,
    // Requests reach Auth.js rewritten to PUBLIC_URL (server/routes/auth.ts), so the host is ours.
    trustHost: true,
    useSecureCookies: usesSecureCookies(env),
    adapter: authAdapter(db),
    session: { strategy: 'jwt', maxAge: env.AUTH_SESSION_MAX_AGE },
    providers: authProviders(db, env, mailer, logger),
    pages: {
      signIn: authPages.login,
      error: authPages.login,
      verifyRequest: authPages.login,
      signOut: authPages.login,
    },
    callbacks: {
      async signIn({ user, account, profile, email }) {
        if (!account) return false;
        // The email provider asks first before sending a link; the provider itself decides
        // (silently) whether to send, so the answer never reveals which addresses have accounts.
        if (email?.verificationRequest) return true;
        // A disabled account signs in no way at all.
        if (user.email && (await findUserByEmail(db, user.email))?.disabledAt) return false;
        if (account.type === 'credentials') return true;
        if (account.type === 'email') {
          return env.AUTH_SELF_REGISTRATION || !!(user.email && (await findUserByEmail(db, user.email)));
        }
        if (await findLinkedAccount(db, account.provider, account.providerAccountId)) return true;
        const existing = user.email ? await findUserByEmail(db, user.email) : null;
        // Link an identity to an existing account only when the provider vouches for the address.
        if (existing) return profile?.email_verified === true;
        return env.AUTH_SELF_REGISTRATION;
      },
      async jwt({ token, user }) {
        if (user?.id) {
          // Signing in: a new server-side session, whose id the cookie and the bearer token carry.
          const row = await findUserById(db, user.id);
          if (!row) return null;
          const sid = await sessionStore.open(row.id);
          return { ...token, sub: row.id, sid, email: row.email, name: row.name, role: row.role };
        }
        // A signed-out, revoked or expired session, or a deleted account, ends the cookie too.
        const current = typeof token.sid === 'string' ? await sessionStore.user(token.sid) : null;
        if (!current) return null;
        return { ...token, sub: current.id, email: current.email, name: current.name, role: current.role };
      },
      session({ session, token }) {
        const body: Session = {
          user: {
            id: String(token.sub),
            email: String(token.email),
            name: typeof token.name === 'string' ? token.name : null,
            role: String(token.role),
          },
          // Auth.js hands over the expiry already as an ISO string despite its Date type.
          expires: new Date(session.expires).toISOString(),
        };
        return body as never;
      },
    },
    events: {
      async signOut(message) {
        if ('token' in message && typeof message.token?.sid === 'string') {
          await sessionStore.revoke(message.token.sid);
        }
      },
    },
    logger: {
      error(error) {
        const type = (error as AuthError).type;
        if (EXPECTED_ERRORS.has(type)) logger.info({ type }, 'sign-in refused');
        else logger.error({ err: error }, 'sign-in failed');
      },
      warn(code) {
        logger.warn({ code }, 'Auth.js warning');
      },
    },
  };
}
