// The metrics this server counts as things happen (requests, index builds, refusals, client log
// entries), in a registry of their own per app, so tests creating several apps never clash.
import { Counter, Histogram, Registry } from 'prom-client';

export interface ServerMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  indexBuilds: Counter<'source' | 'outcome'>;
  indexBuildDuration: Histogram<'source'>;
  rateLimitRefusals: Counter<'limit'>;
  clientLogEntries: Counter<'level'>;
}

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'sift_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpRequestDuration: new Histogram({
      name: 'sift_http_request_duration_seconds',
      help: 'Time until the response starts, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    indexBuilds: new Counter({
      name: 'sift_index_builds_total',
      help: 'Search index builds run by this process, by source and outcome (built, delta, failed).',
      labelNames: ['source', 'outcome'],
      registers,
    }),
    indexBuildDuration: new Histogram({
      name: 'sift_index_build_duration_seconds',
      help: 'Duration of successful search index builds (build and store), by source.',
      labelNames: ['source'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'sift_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, by limit.',
      labelNames: ['limit'],
      registers,
    }),
    clientLogEntries: new Counter({
      name: 'sift_client_log_entries_total',
      help: 'Client log entries accepted, by severity.',
      labelNames: ['level'],
      registers,
    }),
  };
}
