// Gauges read when Prometheus scrapes rather than kept up to date: live sessions (one bounded
// count), PostgreSQL's connection pool, and the current index segments (from the catalog's memory).
import { Gauge, type Registry } from 'prom-client';
import { countLiveSessions } from '../auth/session-store';
import type { Database, PoolState } from '../db/client';
import type { ArtifactCatalog } from '../search/artifact-catalog';
import { type SourceArtifacts, searchableCount } from '../search/artifact-store';

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

  // A source without a head or a delta has no sample of that gauge.
  const artifactGauges: [
    name: string,
    help: string,
    value: (artifacts: SourceArtifacts) => number | undefined,
  ][] = [
    [
      'sift_index_artifact_bytes',
      "Size of each source's current index artifact, compressed as clients download it.",
      (artifacts) => artifacts.size,
    ],
    ['sift_index_documents', "Documents in each source's current index artifact.", (a) => a.documentCount],
    [
      'sift_index_searchable_documents',
      "Documents a client searches once it holds each source's segments: the artifact's with the delta's changes.",
      searchableCount,
    ],
    [
      'sift_index_delta_bytes',
      "Size of the delta segment on top of each source's artifact, compressed; the next full build folds it in.",
      (a) => a.delta?.size,
    ],
    [
      'sift_index_delta_documents',
      'Documents the delta segment adds or replaces.',
      (a) => a.delta?.documentCount,
    ],
    [
      'sift_index_head_bytes',
      "Size of a large source's head segment (its best-ranked documents, searched while the artifact downloads), compressed.",
      (a) => a.head?.size,
    ],
  ];
  for (const [name, help, value] of artifactGauges) {
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers,
      async collect() {
        await readInto(this, async () => {
          for (const [source, current] of await artifacts.summaries()) {
            const measured = value(current);
            if (measured !== undefined) this.set({ source }, measured);
          }
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
