// /api/admin/*: the data owners' console and the operator CLIs. Every route requires role admin (or
// the local admin token) and every change writes an audit record (server/admin/).
import { Hono } from 'hono';
import type { AppConfig } from '#shared/app-config';
import { adminAccess } from '../admin/admin-access';
import { publishLocalAdminToken } from '../admin/local-admin-token';
import type { AuthSetup } from '../auth/auth-setup';
import type { SessionStore } from '../auth/session-store';
import type { SessionReader } from '../auth/session-user';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { adminAuditRoutes } from './admin-audit';
import { adminDocumentRoutes } from './admin-documents';
import { adminImportRoutes } from './admin-imports';
import { adminPeopleRoutes } from './admin-people';
import { adminSourceRoutes } from './admin-sources';

export interface AdminDeps {
  env: Env;
  config: AppConfig;
  database: Database;
  logger: Logger;
  sessions: SessionReader;
  sessionStore: SessionStore;
  auth: AuthSetup;
}

export function adminRoutes(deps: AdminDeps) {
  // Only the embedded database needs it: with PostgreSQL the CLIs open the database themselves.
  const localToken = deps.database.kind === 'pglite' ? publishLocalAdminToken(deps.env) : undefined;
  const app = new Hono();
  app.use('/api/admin/*', adminAccess(deps.sessions, deps.env, localToken));
  app.route('/', adminAuditRoutes(deps));
  app.route('/', adminSourceRoutes(deps));
  app.route('/', adminImportRoutes(deps));
  app.route('/', adminDocumentRoutes(deps));
  app.route('/', adminPeopleRoutes(deps));
  return app;
}
