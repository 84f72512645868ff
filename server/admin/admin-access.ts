// Who may call /api/admin/*: a signed-in account with role `admin` (401 anonymous, 403 otherwise),
// or the local operator presenting the local admin token. Changes must also come from the app's own
// origin (CSRF), unless they carry the token, which no page on another site can read or send.
import { createMiddleware } from 'hono/factory';
import { LOCAL_ADMIN_TOKEN_HEADER } from '#shared/admin/admin-api';
import type { SessionReader } from '../auth/session-user';
import type { Env } from '../env';
import { apiError } from '../http-error';
import { sameOrigin } from '../middleware/same-origin-json';
import type { Actor } from './audit-log';

export type AdminVariables = { actor: Actor; localOperator: boolean };

export const LOCAL_OPERATOR: Actor = { id: null, name: 'local operator (CLI)' };

export function adminAccess(sessions: SessionReader, env: Env, localToken?: (token?: string) => boolean) {
  const originCheck = sameOrigin(env);
  return createMiddleware<{ Variables: AdminVariables }>(async (c, next) => {
    if (localToken?.(c.req.header(LOCAL_ADMIN_TOKEN_HEADER))) {
      c.set('actor', LOCAL_OPERATOR);
      c.set('localOperator', true);
      return next();
    }
    const user = await sessions.getUser(c.req.raw);
    if (!user) return apiError(c, 401, 'unauthenticated', 'Sign in as an administrator.');
    if (user.role !== 'admin') return apiError(c, 403, 'forbidden', 'Only administrators may do this.');
    c.set('actor', { id: user.id, name: user.email });
    c.set('localOperator', false);
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return originCheck(c, next);
  });
}
