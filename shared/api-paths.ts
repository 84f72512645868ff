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
  /** The data owners' console and the operator CLIs (role admin, docs/operations.md). */
  admin: {
    /** GET: the audit log, newest first (`?before=<id>&limit=`). */
    audit: '/api/admin/audit',
    /** GET: every source's documents, artifact and build history. */
    sources: '/api/admin/sources',
    /** POST: rebuild the source's index now. */
    rebuild: (source: string) => `/api/admin/sources/${encodeURIComponent(source)}/rebuild`,
    /** POST the file as the body (`?format=`): a dry run, or with `&apply=merge|replace` the import. */
    imports: (source: string) => `/api/admin/sources/${encodeURIComponent(source)}/imports`,
    /** POST `{mode}`: apply a checked upload; DELETE: cancel it. */
    importUpload: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}`,
    /** GET: every record a check of upload `id` rejected, as a tab-separated file. */
    importRejections: (id: string) => `/api/admin/imports/${encodeURIComponent(id)}/rejections`,
    /** POST: undo the source's last import. */
    undoImport: (source: string) => `/api/admin/sources/${encodeURIComponent(source)}/undo-import`,
    /** GET: a page of the source's documents (`?q=&after=&limit=`). */
    documents: (source: string) => `/api/admin/sources/${encodeURIComponent(source)}/documents`,
    /** GET, PUT (the record, validated as imports are), DELETE one document. */
    document: (source: string, key: string) =>
      `/api/admin/sources/${encodeURIComponent(source)}/documents/${encodeURIComponent(key)}`,
    /** GET: every account; POST: create one. */
    users: '/api/admin/users',
    /** PATCH `{role?, disabled?}`. */
    user: (id: string) => `/api/admin/users/${encodeURIComponent(id)}`,
    /** POST `{password}`: a new password (ends the account's sessions). */
    userPassword: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/password`,
    /** POST `{language?}`: emails the account a sign-in link (email sign-in must be on). */
    userInvite: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/invite`,
    /** POST: ends every session of the account. */
    userSessions: (id: string) => `/api/admin/users/${encodeURIComponent(id)}/sign-out`,
  },
} as const;
