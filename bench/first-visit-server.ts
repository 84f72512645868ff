// The server a first-visit bench loads pages from: the one at `baseUrl` when given (a build already
// running, so two builds can be measured in turn), else the production server started on the demo
// data with the client built in `staticDir`.
import { existsSync } from 'node:fs';
import { startServer } from '#tests/support/server-process';

export interface PageServer {
  url(path: string): string;
  stop(): Promise<unknown>;
}

export async function firstVisitServer(staticDir: string, baseUrl: string | undefined): Promise<PageServer> {
  if (baseUrl) return { url: (path) => new URL(path, baseUrl).toString(), stop: async () => null };
  if (!existsSync(staticDir)) throw new Error(`No built client in ${staticDir}: run npm run build first`);
  return startServer({
    env: {
      SEED_DEMO_DATA: 'true',
      STATIC_DIR: staticDir,
      NODE_ENV: 'production',
      AUTH_SECRET: 'first-visit-bench-secret-of-enough-characters',
      LOG_LEVEL: 'warn',
    },
  });
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
