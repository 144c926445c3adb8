/** Module boundaries of DESIGN.md §3: web, legacy and server depend on domain only; features never import each other. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'packages/domain holds no I/O: it may not import server, web, legacy or Node built-ins.',
      severity: 'error',
      from: { path: '^packages/domain/' },
      to: {
        path: '^packages/(server|web|legacy)/|^(node:)?(fs|path|http|https|net|child_process|os|crypto)$',
      },
    },
    {
      name: 'server-not-to-clients',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/(web|legacy)/' },
    },
    {
      name: 'web-not-to-server-or-legacy',
      severity: 'error',
      from: { path: '^packages/web/' },
      to: { path: '^packages/(server|legacy)/' },
    },
    {
      name: 'legacy-not-to-server-or-web',
      severity: 'error',
      from: { path: '^packages/legacy/' },
      to: { path: '^packages/(server|web)/' },
    },
    {
      name: 'no-cross-feature-imports',
      comment: 'A feature of the console never imports another feature; shared UI goes to components/.',
      severity: 'error',
      from: { path: '^packages/web/src/features/([^/]+)/' },
      to: { path: '^packages/web/src/features/([^/]+)/', pathNot: '^packages/web/src/features/$1/' },
    },
    {
      name: 'no-cross-module-repos',
      comment: 'A server module reads another module only through its service, never its repository.',
      severity: 'error',
      from: { path: '^packages/server/src/modules/([^/]+)/' },
      to: {
        path: '^packages/server/src/modules/([^/]+)/[^/]+\\.repo\\.ts$',
        pathNot: '^packages/server/src/modules/$1/',
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
