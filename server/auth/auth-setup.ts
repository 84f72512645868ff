// One Auth.js set-up per app, shared by the sign-in routes and the admins' invitations: the secret,
// the configuration with its providers, and the mailer that delivers email sign-in links.
import type { AuthConfig } from '@auth/core';
import type { AppConfig } from '#shared/app-config';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { createAuthConfig } from './auth-config';
import { resolveAuthSecret } from './auth-secret';
import { createInvite, type Invite, watchDeliveries } from './invitations';
import type { SessionStore } from './session-store';
import { createSignInMailer } from './sign-in-mailer';

export interface AuthSetup {
  secret: string;
  config: AuthConfig;
  /** Sends an invited person their sign-in link; null when email sign-in is off. */
  invite: Invite | null;
}

export interface AuthSetupDeps {
  env: Env;
  config: AppConfig;
  database: Database;
  logger: Logger;
  sessionStore: SessionStore;
}

export function createAuthSetup({
  env,
  config: appConfig,
  database,
  logger,
  sessionStore,
}: AuthSetupDeps): AuthSetup {
  const secret = resolveAuthSecret(env, logger);
  const mailer = createSignInMailer(env, appConfig.platformName, logger);
  const deliveries = mailer && watchDeliveries(mailer);
  const config = createAuthConfig({
    db: database.db,
    env,
    logger,
    secret,
    mailer: deliveries?.mailer ?? null,
    sessionStore,
  });
  return { secret, config, invite: deliveries && createInvite(config, env, deliveries) };
}
