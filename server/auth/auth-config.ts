// The Auth.js configuration: JWT sessions in cookies, our pages for sign-in, errors and "check
// your email", and callbacks that keep the session in step with the users table.
import type { AuthConfig } from '@auth/core';
import type { AuthError } from '@auth/core/errors';
import { apiPaths } from '../../shared/api-paths';
import { authPages, type Session } from '../../shared/auth';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { authAdapter, findLinkedAccount } from './auth-adapter';
import { usesSecureCookies } from './auth-cookies';
import { authProviders } from './auth-providers';
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
}

export function createAuthConfig({ db, env, logger, secret, mailer }: AuthConfigDeps): AuthConfig {
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
        if (account.type === 'credentials') return true;
        // The email provider asks first before sending a link; the provider itself decides
        // (silently) whether to send, so the answer never reveals which addresses have accounts.
        if (email?.verificationRequest) return true;
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
        const id = user?.id ?? token.sub;
        const row = id ? await findUserById(db, id) : null;
        // A deleted account ends its sessions at the next refresh.
        if (!row) return null;
        return { ...token, sub: row.id, email: row.email, name: row.name, role: row.role };
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
