// Server endpoints the client calls; one place so no component hard-codes a URL.
export const apiPaths = {
  config: '/api/config',
  healthz: '/healthz',
  readyz: '/readyz',
  latestBuild: '/builds/latest.json',
  buildMeta: (buildId: string) => `/builds/meta/${encodeURIComponent(buildId)}.json`,
  sendLog: '/api/send-log-to-gcp',
  clientLogs: '/api/client-logs',
  contact: '/api/contact',
  errorTest: '/api/error-test',
  /** Auth.js: csrf, providers, session, signin/{provider}, callback/{provider}, signout. */
  auth: '/api/auth',
  authSettings: '/api/auth-settings',
  /** POST (JSON, same origin): ends every session of the signed-in user, this one included. */
  signOutEverywhere: '/api/sign-out-everywhere',
  /** POST: current index checksums of the sources the caller may load. */
  searchIndex: '/api/index',
  searchIndexArtifact: (source: string, crc32c: number) =>
    `/api/index/${encodeURIComponent(source)}/${crc32c}`,
  /** GET: the signed-in user's key-value backup snapshot; POST: merge a snapshot into it. */
  backup: '/api/backup',
  /** GraphQL over HTTP (POST, GET for queries, SSE subscriptions) and, when enabled, graphql-ws. */
  graphql: '/graphql',
} as const;
