// Import boundaries of docs/architecture.md, checked by `npm run lint`: shared is imported by both
// sides and imports neither; client and server never import each other; a client feature imports
// no other feature and nothing of the app layer that composes them; no cycles anywhere.
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
    exclude: { path: '(^|/)(node_modules|dist|release)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
