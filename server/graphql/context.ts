// The per-operation context: who is calling and the server's collaborators. Only the bearer token
// identifies a caller (spec §6), never the session cookie, so a page on another site cannot make a
// signed-in browser run operations: cross-site requests and WebSockets carry cookies, not headers.
import type { AppConfig } from '#shared/app-config';
import type { SessionReader, SessionUser } from '../auth/session-user';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { ArtifactCatalog } from '../search/artifact-catalog';
import type { IndexEvents } from './index-events';
import type { LookupStore } from './lookup-store';

export interface GraphqlDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  sessions: SessionReader;
}

export interface GraphqlContext extends Omit<GraphqlDeps, 'sessions'> {
  user: SessionUser | null;
  indexEvents: IndexEvents;
  lookups: LookupStore;
  /** The index artifacts' summaries as POST /api/index answers from them, kept in memory. */
  artifacts: ArtifactCatalog;
}
