// Gauges read when Prometheus scrapes rather than kept up to date: live sessions (one bounded
// count), PostgreSQL's connection pool, and the current index artifacts (from the catalog's memory).
import { Gauge, type Registry } from 'prom-client';
import { countLiveSessions } from '../auth/session-store';
import type { Database, PoolState } from '../db/client';
import type { ArtifactCatalog } from '../search/artifact-catalog';
import type { ArtifactSummary } from '../search/artifact-store';

/** Sessions are counted up to this many, which bounds what a scrape costs the database. */
const LIVE_SESSIONS_COUNTED_UP_TO = 100_000;

interface StateGaugeSources {
  database: Database;
  artifacts: ArtifactCatalog;
}

/**
 * Sets a gauge afresh from `read`. A failed read (the database is down) leaves the gauge without a
 * value in this scrape rather than failing it, so the process metrics still arrive when they matter.
 */
async function readInto<T extends string>(gauge: Gauge<T>, read: () => Promise<void>) {
  gauge.reset();
  await read().catch(() => {});
}

export function registerStateGauges(registry: Registry, { database, artifacts }: StateGaugeSources) {
  const registers = [registry];

  new Gauge({
    name: 'sift_active_sessions',
    help: `Sessions neither expired nor revoked, over every process (counted up to ${LIVE_SESSIONS_COUNTED_UP_TO}).`,
    registers,
    async collect() {
      await readInto(this, async () =>
        this.set(await countLiveSessions(database.db, LIVE_SESSIONS_COUNTED_UP_TO)),
      );
    },
  });

  const artifactGauges: [name: string, help: string, value: (artifact: ArtifactSummary) => number][] = [
    [
      'sift_index_artifact_bytes',
      "Size of each source's current index artifact, compressed as clients download it.",
      (artifact) => artifact.size,
    ],
    ['sift_index_documents', "Documents in each source's current index artifact.", (a) => a.documentCount],
  ];
  for (const [name, help, value] of artifactGauges) {
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers,
      async collect() {
        await readInto(this, async () => {
          for (const [source, artifact] of await artifacts.summaries()) this.set({ source }, value(artifact));
        });
      },
    });
  }

  const { poolState } = database;
  if (!poolState) return;
  const poolGauges: [name: string, help: string, value: (state: PoolState) => number][] = [
    ['sift_db_pool_connections', 'Open PostgreSQL connections, busy or idle.', (state) => state.total],
    ['sift_db_pool_idle_connections', 'Idle PostgreSQL connections.', (state) => state.idle],
    ['sift_db_pool_waiting_requests', 'Queries waiting for a free connection.', (state) => state.waiting],
  ];
  for (const [name, help, value] of poolGauges) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value(poolState()));
      },
    });
  }
}
