// A route's query string checked against a zod schema: 400 `invalid_query` naming each field, in the
// one error shape; the handler reads it with `c.req.valid('query')`.
import { validator } from 'hono/validator';
import { z } from 'zod/mini';
import { apiError } from '../http-error';

export const validQuery = <S extends z.core.$ZodType>(schema: S) =>
  validator('query', (value, c): z.output<S> | Response => {
    const result = z.safeParse(schema, value);
    if (result.success) return result.data;
    const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    return apiError(c, 400, 'invalid_query', 'The query string is not valid.', issues);
  });
