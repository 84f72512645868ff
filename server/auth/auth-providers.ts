// The sign-in providers, switched on by configuration: email + password always, the email link
// when it can be delivered, and GitHub, Google and a generic OIDC issuer when their variables are set.
import type { Provider } from '@auth/core/providers';
import Credentials from '@auth/core/providers/credentials';
import GitHub from '@auth/core/providers/github';
import Google from '@auth/core/providers/google';
import { z } from 'zod/mini';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { requestLocale } from '../request-locale';
import { verifyPassword } from './password';
import type { SignInMailer } from './sign-in-mailer';
import { EmailSchema, findUserByEmail } from './user-store';

/** How long an email sign-in link works. */
const EMAIL_LINK_MAX_AGE_SECONDS = 15 * 60;

const CredentialsSchema = z.object({
  email: EmailSchema,
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});

function credentialsProvider(db: Db): Provider {
  return Credentials({
    name: 'Email and password',
    credentials: {
      email: { label: 'Email', type: 'email' },
      password: { label: 'Password', type: 'password' },
    },
    async authorize(input) {
      const parsed = CredentialsSchema.safeParse(input);
      if (!parsed.success) return null;
      const user = await findUserByEmail(db, parsed.data.email);
      // verifyPassword spends the same time whether or not the account exists (no enumeration).
      if (!(await verifyPassword(parsed.data.password, user?.passwordHash))) return null;
      return { id: user!.id, email: user!.email, name: user!.name };
    },
  });
}

function emailProvider(db: Db, env: Env, mailer: SignInMailer, logger: Logger): Provider {
  return {
    id: 'email',
    type: 'email',
    name: 'Email link',
    maxAge: EMAIL_LINK_MAX_AGE_SECONDS,
    async sendVerificationRequest({ identifier, url, expires, request }) {
      const locale = requestLocale(request.headers);
      // The answer must not depend on whether the address has an account, so known and unknown
      // addresses both return at once; delivery happens in the background.
      void (async () => {
        if (!env.AUTH_SELF_REGISTRATION && !(await findUserByEmail(db, identifier))) {
          logger.info('email sign-in link requested for an address without an account; not sent');
          return;
        }
        await mailer({ to: identifier, url, expires, locale });
      })().catch((error) => logger.error({ err: error }, 'could not send the email sign-in link'));
    },
  };
}

export function authProviders(db: Db, env: Env, mailer: SignInMailer | null, logger: Logger): Provider[] {
  const providers: Provider[] = [credentialsProvider(db)];
  if (mailer) providers.push(emailProvider(db, env, mailer, logger));
  // Linking by email is decided in the signIn callback (only addresses the provider verified).
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) {
    providers.push(
      GitHub({
        clientId: env.AUTH_GITHUB_ID,
        clientSecret: env.AUTH_GITHUB_SECRET,
        allowDangerousEmailAccountLinking: true,
      }),
    );
  }
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) {
    providers.push(
      Google({
        clientId: env.AUTH_GOOGLE_ID,
        clientSecret: env.AUTH_GOOGLE_SECRET,
        allowDangerousEmailAccountLinking: true,
      }),
    );
  }
  if (env.AUTH_OIDC_ISSUER && env.AUTH_OIDC_ID && env.AUTH_OIDC_SECRET) {
    providers.push({
      id: 'oidc',
      name: env.AUTH_OIDC_NAME,
      type: 'oidc',
      issuer: env.AUTH_OIDC_ISSUER,
      clientId: env.AUTH_OIDC_ID,
      clientSecret: env.AUTH_OIDC_SECRET,
      allowDangerousEmailAccountLinking: true,
    });
  }
  return providers;
}
