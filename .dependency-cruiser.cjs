// Import boundaries of docs/architecture.md, checked by `npm run lint`: shared is imported by both
// sides and imports neither; client and server never import each other; a client feature imports
// no other feature and nothing of the app layer that composes them; nothing imports the benchmarks,
// and only they import Orama; no cycles anywhere.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes load order matter and modules impossible to read one at a time.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'shared/ runs in the browser, the worker and the server: it imports neither side.',
      from: { path: '^shared/' },
      to: { path: '^(client|server)/' },
    },
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'What both sides need lives in shared/.',
      from: { path: '^client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-not-client',
      severity: 'error',
      comment: 'What both sides need lives in shared/.',
      from: { path: '^server/' },
      to: { path: '^client/' },
    },
    {
      name: 'bench-stays-out',
      severity: 'error',
      comment: 'The benchmarks measure the app; nothing the app or its tools run depends on them.',
      from: { path: '^(client|server|shared|scripts|build)/' },
      to: { path: '^bench/' },
    },
    {
      name: 'orama-only-in-bench',
      severity: 'error',
      comment:
        'Orama is the search benchmark baseline (bench/orama-engine.ts); the app ships its own engine.',
      from: { pathNot: '^bench/' },
      to: { path: 'node_modules/@orama/' },
    },
    {
      name: 'features-not-app',
      severity: 'error',
      comment: 'The app layer composes the features; a feature does not reach back into it.',
      from: { path: '^client/features/' },
      to: { path: '^client/app/' },
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'A feature does not import another feature: the app layer passes what one needs.',
      from: { path: '^client/features/([^/]+)/' },
      to: { path: '^client/features/', pathNot: '^client/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph, unfollowed, so that a rule can name one; build output does not.
    exclude: { path: '^(?!node_modules/).*(^|/)(dist|release)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
