// Helpers that answer API errors in the one shape of shared/api-error.ts.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { core } from 'zod/mini';
import type { ApiErrorBody } from '../shared/api-error';
import '../shared/zod-locale';

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  issues?: ApiErrorBody['error']['issues'],
) {
  const body: ApiErrorBody = { error: issues ? { code, message, issues } : { code, message } };
  return c.json(body, status);
}

export function invalidBody(c: Context, error: core.$ZodError) {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return apiError(c, 400, 'invalid_body', 'The request body is not valid.', issues);
}
