// The `:source` of an admin route, looked up in app.config.ts (without the prototype: `constructor`
// names nothing); an unknown name is a 404 naming the sources there are.
import { createMiddleware } from 'hono/factory';
import type { AppConfig, DataSourceConfig } from '#shared/app-config';
import { apiError } from '../http-error';

export type SourceVariables = { source: { name: string; config: DataSourceConfig } };

export function sourceParam(config: AppConfig) {
  const sources = config.gapSearch.dataSources;
  return createMiddleware<{ Variables: SourceVariables }>(async (c, next) => {
    const name = c.req.param('source') ?? '';
    if (!Object.hasOwn(sources, name)) {
      const known = Object.keys(sources).join(', ');
      return apiError(c, 404, 'unknown_source', `There is no data source "${name}"; there are: ${known}.`);
    }
    c.set('source', { name, config: sources[name]! });
    await next();
  });
}
