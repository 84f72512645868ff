// A route's query string checked against a zod schema: 400 `invalid_query` naming each field, in the
// one error shape; the handler reads it with `c.req.valid('query')`.
import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { apiError } from '../http-error';

export const validQuery = <S extends z.ZodType>(schema: S) =>
  zValidator('query', schema, (result, c) => {
    if (result.success) return undefined;
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return apiError(c, 400, 'invalid_query', 'The query string is not valid.', issues);
  });
