// Keeps every source's index artifact in step with its documents, across server processes:
// a build is queued when a source's documents change (here or in another process, by NOTIFY),
// the process holding the source's build lease builds it in a worker thread and stores it, and
// every process hears the new checksum by NOTIFY (onIndexBuilt: for pushing updates to clients).
import { randomUUID } from 'node:crypto';
import type { AppConfig, DataSourceConfig } from '#shared/app-config';
import { crc32c } from '#shared/crc32c';
import { ARTIFACT_FORMAT } from '#shared/search/index-artifact';
import type { Database, Unlisten } from '../db/client';
import type { Logger } from '../logger';
import type { ServerMetrics } from '../metrics/server-metrics';
import { type BuildOptions, type BuiltSource, HEAD_FROM, type HeadThresholds } from './artifact-build';
import {
  acquireBuildLease,
  buildLeaseHeld,
  documentsRevision,
  markArtifactCurrent,
  recordBuild,
  releaseBuildLease,
  type SourceArtifacts,
  saveArtifact,
  saveDelta,
  sourceArtifact,
  staleSources,
} from './artifact-store';
import {
  countChangesSince,
  countDocuments,
  type DocumentRow,
  documentPages,
  documentPagesSince,
  keysRemovedSince,
  latestChange,
  readDocumentsMark,
} from './document-store';
import { buildInWorker } from './index-builder';

export const INDEX_BUILT_CHANNEL = 'sift_index_built';
/**
 * A build lease lasts this long unless renewed; its holder renews it every third of that (a
 * heartbeat) and a process waiting for it asks as often, so a builder that died is replaced within
 * BUILD_LEASE_MS plus a third of it.
 */
export const BUILD_LEASE_MS = 6_000;
export const DOCUMENTS_CHANGED_CHANNEL = 'sift_documents_changed';
/**
 * How often a running service looks for sources whose documents are newer than their artifact (one
 * query of two small tables): a writer that died before announcing its change, or a builder that died
 * with nobody waiting for its lease, is noticed this long after at most.
 */
export const STALE_CHECK_MS = 3_000;

/**
 * Changes since the artifact that a delta segment may hold before the whole artifact is built again
 * (ADR 020): each change rebuilds the delta and every client downloads it, so it must stay small,
 * while a new artifact is downloaded whole by every client.
 */
export const DELTA_MIN_CHANGES = 10;
export const DELTA_SHARE = 0.02;

export interface IndexBuiltEvent {
  source: string;
  /** The new segment's: the artifact's, or the delta's on top of it. */
  crc32c: number;
}

export type BuildOutcome = 'current' | 'built' | 'busy';

export type ArtifactBuilder = (
  source: DataSourceConfig,
  pages: AsyncIterable<DocumentRow[]>,
  signal: AbortSignal,
  options?: BuildOptions,
) => Promise<BuiltSource>;

/**
 * The base a delta can go on: an artifact of the current config whose changes are numbered, with
 * its head when it is large enough for one (an artifact built before heads is built again).
 */
function deltaBase(artifacts: SourceArtifacts | undefined, version: string, headFrom: number) {
  return artifacts?.sourceVersion === version &&
    artifacts.documentsMark !== null &&
    (artifacts.head !== undefined || artifacts.documentCount < headFrom)
    ? { ...artifacts, documentsMark: artifacts.documentsMark }
    : undefined;
}

/** `source`'s documents written after `mark`, each once (its newest version), and the keys they and the removals hide. */
async function changesSince(db: Database['db'], source: string, mark: number) {
  const latest = new Map<string, DocumentRow>();
  // In the order of their numbers: a document written again while this reads comes again, newer.
  for await (const page of documentPagesSince(db, source, mark))
    for (const row of page) latest.set(row.key, row);
  const hides = new Set([...(await keysRemovedSince(db, source, mark)), ...latest.keys()]);
  return { rows: [...latest.values()], hides: [...hides] };
}

async function* inPages<T>(items: T[], size = 2000): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export interface SearchIndexService {
  /** Subscribes to both channels, then queues a check of every source, smallest first. */
  start(): Promise<void>;
  /** Queues a check (and if needed a build) of `source` in this process. */
  queueBuild(source: string): void;
  /** Tells every process (this one included) that `source`'s documents changed. */
  documentsChanged(source: string): Promise<void>;
  /** Builds `source` now unless its artifact is current or another process holds the lease. */
  ensureIndex(source: string): Promise<BuildOutcome>;
  onIndexBuilt(listener: (event: IndexBuiltEvent) => void): () => void;
  /** Resolves once no build is queued or running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface IndexServiceOptions {
  database: Database;
  config: AppConfig;
  logger: Logger;
  /** BUILD_LEASE_MS unless given (tests shorten it). */
  leaseMs?: number;
  /** STALE_CHECK_MS unless given. */
  staleCheckMs?: number;
  build?: ArtifactBuilder;
  /** DELTA_MIN_CHANGES unless given (tests lower it). */
  deltaMinChanges?: number;
  /** Which full builds make a head, of how many documents: HEAD_FROM and HEAD_DOCUMENTS unless given. */
  head?: HeadThresholds;
  /** Counts and times the builds this process runs, for /metrics. */
  metrics?: Pick<ServerMetrics, 'indexBuilds' | 'indexBuildDuration'>;
}

/** What an artifact depends on besides the documents: a change here means rebuild. */
function configVersion(source: DataSourceConfig): string {
  const { algorithm, dataType, searchProperties, indexedProperties, rank } = source;
  const relevant = { ARTIFACT_FORMAT, algorithm, dataType, searchProperties, indexedProperties, rank };
  return crc32c(JSON.stringify(relevant)).toString(16);
}

export function createSearchIndexService(options: IndexServiceOptions): SearchIndexService {
  const { database, config, logger, metrics } = options;
  const { db } = database;
  const leaseMs = options.leaseMs ?? BUILD_LEASE_MS;
  const build = options.build ?? buildInWorker;
  /** Changes a delta may hold on an artifact of `documentCount`: never over half of it (a small artifact is rebuilt). */
  const deltaLimit = (documentCount: number) =>
    Math.min(
      Math.max(options.deltaMinChanges ?? DELTA_MIN_CHANGES, Math.floor(documentCount * DELTA_SHARE)),
      Math.floor(documentCount / 2),
    );
  const owner = randomUUID();
  const sources = config.gapSearch.dataSources;
  const listeners = new Set<(event: IndexBuiltEvent) => void>();
  const unlisteners: Unlisten[] = [];
  const retryTimers = new Set<NodeJS.Timeout>();
  const queued = new Set<string>();
  /** The revision each source's last build failed at: the stale check does not retry it (a change or NOTIFY does). */
  const failedAt = new Map<string, number>();
  let staleCheck: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const stopping = new AbortController();
  const headFrom = options.head?.from ?? HEAD_FROM;

  function sourceConfig(name: string): DataSourceConfig {
    const source = sources[name];
    if (!source) throw new Error(`Unknown data source "${name}"`);
    return source;
  }

  /** Whether `artifacts` hold every change of `name` up to its latest. */
  async function isCurrent(name: string, version: string, artifacts: SourceArtifacts | undefined) {
    const base = deltaBase(artifacts, version, headFrom);
    if (!base) return false;
    return (await latestChange(db, name)) <= (base.delta?.documentsMark ?? base.documentsMark);
  }

  /**
   * Brings `name`'s segments up to date: nothing to do, a delta of the changes since its artifact
   * while they are few, or a new artifact (which drops the delta).
   */
  async function ensureIndex(name: string): Promise<BuildOutcome> {
    const source = sourceConfig(name);
    // Read before the documents: a write after this raises it, and the next check builds again.
    const revision = await documentsRevision(db, name);
    const version = configVersion(source);
    const current = await sourceArtifact(db, name);
    if (await isCurrent(name, version, current)) {
      if (current!.documentsRevision !== revision) await markArtifactCurrent(db, name, revision);
      return 'current';
    }
    if (!(await acquireBuildLease(db, name, owner, leaseMs))) return 'busy';
    const renew = setInterval(() => {
      acquireBuildLease(db, name, owner, leaseMs).catch((err) =>
        logger.warn({ err, source: name }, 'lease renewal failed'),
      );
    }, leaseMs / 3);
    const startedAt = new Date();
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // Every change numbered up to the mark is settled: the documents read from here on hold them all.
      const mark = await readDocumentsMark(db);
      // A write is under way: its commit announces it, and the stale check looks again meanwhile.
      if (mark === null) return 'busy';
      const base = deltaBase(current, version, headFrom);
      const asDelta =
        base !== undefined &&
        (await countChangesSince(db, name, base.documentsMark)) <= deltaLimit(base.documentCount);
      logger.info({ source: name, delta: asDelta }, 'search index build started');
      let artifact: BuiltSource;
      if (asDelta) {
        const { rows, hides } = await changesSince(db, name, base.documentsMark);
        const searchableCount = await countDocuments(db, name);
        artifact = await build(source, inPages(rows), stopping.signal, { hides });
        await saveDelta(db, name, {
          baseCrc32c: base.crc32c,
          artifact,
          hiddenCount: hides.length,
          searchableCount,
          documentsMark: mark,
        });
        await markArtifactCurrent(db, name, revision);
      } else {
        artifact = await build(source, documentPages(db, name), stopping.signal, { head: options.head });
        await saveArtifact(db, name, source.algorithm, artifact, version, revision, mark);
      }
      failedAt.delete(name);
      await recordBuild(db, {
        source: name,
        startedAt,
        durationMs: elapsed(),
        outcome: asDelta ? 'delta' : 'built',
        documentCount: artifact.documentCount,
        bytes: artifact.bytes.length,
        crc32c: artifact.crc32c,
      });
      logger.info(
        {
          source: name,
          delta: asDelta,
          documents: artifact.documentCount,
          bytes: artifact.bytes.length,
          rawBytes: artifact.rawSize,
          crc32c: artifact.crc32c,
          headBytes: artifact.head?.bytes.length,
          ms: elapsed(),
        },
        'search index built',
      );
      await database.notify(INDEX_BUILT_CHANNEL, JSON.stringify({ source: name, crc32c: artifact.crc32c }));
      metrics?.indexBuilds.inc({ source: name, outcome: asDelta ? 'delta' : 'built' });
      metrics?.indexBuildDuration.observe({ source: name }, (performance.now() - started) / 1000);
      return 'built';
    } catch (err) {
      // A build abandoned because the process stops has not failed.
      if (!stopping.signal.aborted) {
        metrics?.indexBuilds.inc({ source: name, outcome: 'failed' });
        failedAt.set(name, revision);
        const error = err instanceof Error ? err.message : String(err);
        await recordBuild(db, {
          source: name,
          startedAt,
          durationMs: elapsed(),
          outcome: 'failed',
          error,
        }).catch((recordErr: unknown) =>
          logger.warn({ err: recordErr, source: name }, 'could not record the failed build'),
        );
      }
      throw err;
    } finally {
      clearInterval(renew);
      await releaseBuildLease(db, name, owner);
    }
  }

  /**
   * Another process builds `name`: its lease is looked at every third of its lifetime (a cheap
   * query, unlike the documents' fingerprint), and once it is gone `name` is checked again: built
   * by then, or its builder died and this process takes over.
   */
  function waitForLease(name: string) {
    const timer = setTimeout(async () => {
      retryTimers.delete(timer);
      if (stopping.signal.aborted) return;
      const held = await buildLeaseHeld(db, name).catch((err: unknown) => {
        logger.warn({ err, source: name }, 'could not read the build lease');
        return true;
      });
      if (stopping.signal.aborted) return;
      if (held) waitForLease(name);
      else queue(name);
    }, leaseMs / 3);
    retryTimers.add(timer);
  }

  /** Queues a check of `name`; builds run one at a time to bound memory (a large index needs hundreds of MB). */
  function queue(name: string) {
    if (stopping.signal.aborted || queued.has(name) || !sources[name]) return;
    queued.add(name);
    running = running.then(async () => {
      queued.delete(name);
      if (stopping.signal.aborted) return;
      try {
        if ((await ensureIndex(name)) === 'busy') waitForLease(name);
      } catch (err) {
        if (!stopping.signal.aborted) logger.error({ err, source: name }, 'search index build failed');
      }
    });
  }

  /** Queues every source whose documents are newer than its artifact, but for builds that failed at that revision. */
  async function checkStale() {
    const stale = await staleSources(db).catch((err: unknown) => {
      logger.warn({ err }, 'could not look for stale indexes');
      return [];
    });
    for (const { source, revision } of stale) if (failedAt.get(source) !== revision) queue(source);
  }

  return {
    async start() {
      unlisteners.push(
        await database.listen(DOCUMENTS_CHANGED_CHANNEL, (payload) => queue(payload)),
        await database.listen(INDEX_BUILT_CHANNEL, (payload) => {
          const event = JSON.parse(payload) as IndexBuiltEvent;
          for (const listener of listeners) listener(event);
        }),
      );
      const sizes = await Promise.all(
        Object.keys(sources).map(async (name) => [name, await countDocuments(db, name)] as const),
      );
      for (const [name] of sizes.sort((a, b) => a[1] - b[1])) queue(name);
      staleCheck = setInterval(() => void checkStale(), options.staleCheckMs ?? STALE_CHECK_MS);
      staleCheck.unref();
    },
    queueBuild: queue,
    documentsChanged: (source) => database.notify(DOCUMENTS_CHANGED_CHANNEL, source),
    ensureIndex,
    onIndexBuilt(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async idle() {
      let seen: Promise<void>;
      do {
        seen = running;
        await seen;
      } while (seen !== running);
    },
    /** Abandons a running build (its lease is released) and stops listening. */
    async stop() {
      stopping.abort();
      clearInterval(staleCheck);
      for (const timer of retryTimers) clearTimeout(timer);
      for (const unlisten of unlisteners.splice(0)) await unlisten();
      await running;
    },
  };
}
