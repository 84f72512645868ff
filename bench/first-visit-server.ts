// The server a first-visit bench loads pages from: the one at `baseUrl` when given (a build already
// running, so two builds can be measured in turn), else the production server started on the demo
// data with the client built in `staticDir`; and how each page's figures are gathered.
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
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Attempts at one run: a busy machine's Chromium now and then loses a load's trace. */
const ATTEMPTS = 3;

async function measureWithRetries<F>(
  measure: (path: string, lang: string) => Promise<F>,
  path: string,
  lang: string,
): Promise<F> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(path, lang);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.error(`retrying ${lang} ${path}:`, (error as Error).message);
    }
  }
}

/**
 * Each page in each language measured `runs` times (a run that throws is repeated, up to three
 * attempts), the median of every figure kept under "<lang> <path>" (and written to stderr as it
 * comes, for a long run's progress).
 */
export async function medianPerPage<F extends { [K in keyof F]: number }>(
  langs: string[],
  pages: string[],
  runs: number,
  measure: (path: string, lang: string) => Promise<F>,
): Promise<Record<string, F & { runs: number }>> {
  const results: Record<string, F & { runs: number }> = {};
  for (const lang of langs) {
    for (const path of pages) {
      const figures: F[] = [];
      for (let i = 0; i < runs; i += 1) figures.push(await measureWithRetries(measure, path, lang));
      const keys = Object.keys(figures[0]!) as (keyof F)[];
      const medians = Object.fromEntries(
        keys.map((key) => [key, median(figures.map((f) => f[key] as number))]),
      );
      results[`${lang} ${path}`] = { ...(medians as F), runs };
      console.error(`${lang} ${path}`, JSON.stringify(results[`${lang} ${path}`]));
    }
  }
  return results;
}
