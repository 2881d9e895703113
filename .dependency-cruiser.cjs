// Module boundaries, checked by `npm run lint:deps` (a step of `npm test`). CONVENTIONS habits 1, 8 and 14;
// docs/decisions/0009-module-boundaries.md. The server's module order and allowances: scripts/module-boundaries.cjs.
'use strict';
const { serverLayers, readModelModules, readModelFiles, sharedReadTables, knownExceptions } = require('./scripts/module-boundaries.cjs');

const TEST = '(\\.test\\.tsx?$|^server/testing/|^src/testing/|/test-helpers\\.ts$)';
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (list) => `^(${list.map(esc).join('|')})$`;

/** module i may import only modules 0..i-1 (and itself): one rule per module, so no cycle can form */
const layerRules = serverLayers
  .map((mod, i) => {
    const above = serverLayers.slice(i + 1);
    return {
      name: 'server-module-order',
      comment: `server/modules/${mod} may import only modules listed before it in scripts/module-boundaries.cjs (no module cycles)`,
      severity: 'error',
      from: { path: `^server/modules/${esc(mod)}/`, pathNot: TEST },
      to: { path: above.length ? `^server/modules/(${above.map(esc).join('|')})/` : '^$' },
    };
  })
  .filter((r) => r.to.path !== '^$');

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere (client, routes, server).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'server-module-unknown',
      comment: 'Every server module has its place in serverLayers (scripts/module-boundaries.cjs).',
      severity: 'error',
      from: { path: '^server/modules/[^/]+/', pathNot: `^server/modules/(${serverLayers.map(esc).join('|')})/` },
      to: {},
    },
    {
      name: 'no-foreign-table',
      comment:
        "A module reaches another module's tables through its service or repository, not its *.table.ts. " +
        'Allowed: table files (foreign keys), tests, type-only imports (row types), the shared users table, ' +
        'the admin read models and the listed known exceptions (scripts/module-boundaries.cjs).',
      severity: 'error',
      from: {
        path: '^server/modules/([^/]+)/',
        pathNot: [
          TEST,
          '\\.table\\.ts$',
          `^server/modules/(${readModelModules.map(esc).join('|')})/`,
          anyOf([...knownExceptions, ...readModelFiles].map((e) => e.file)),
        ],
      },
      to: {
        path: '^server/modules/[^/]+/[^/]+\\.table\\.ts$',
        pathNot: ['^server/modules/$1/', anyOf(sharedReadTables)],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-schema-aggregator-in-modules',
      comment: 'server/db/schema.ts gathers all tables for the query builder and migrations; modules import their own tables.',
      severity: 'error',
      from: { path: '^server/modules/', pathNot: TEST },
      to: { path: '^server/db/schema\\.ts$' },
    },
    {
      name: 'server-imports-only-src-shared',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src/(?!shared/)|routes/)' },
    },
    {
      name: 'src-never-imports-server',
      severity: 'error',
      from: { path: '^(src|routes)/' },
      to: { path: '^server/' },
    },
    {
      name: 'feature-isolation',
      comment: 'A feature imports only src/components, src/lib, src/shared and its own folder (tests also src/testing).',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^(src/|routes/)', pathNot: ['^src/features/$1/', '^src/(components|lib|shared)/', `^src/testing/`] },
    },
    {
      name: 'testing-only-in-tests',
      comment: 'src/testing (msw handlers, factories, render helpers) is for tests only.',
      severity: 'error',
      from: { path: '^(src|routes)/', pathNot: TEST },
      to: { path: '^src/testing/' },
    },
    {
      name: 'shared-code-not-features',
      comment: 'src/components and src/lib are shared by the features: they import neither features, the composition root (src/app) nor routes.',
      severity: 'error',
      from: { path: '^src/(components|lib)/', pathNot: TEST },
      to: { path: '^(src/(features|app)/|routes/)' },
    },
    {
      name: 'shared-contracts-plain',
      comment: 'src/shared is plain contracts used by client and server.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(?!shared/)|routes/|server/)' },
    },
    {
      name: 'catalogues-plain-data',
      comment:
        "A module's catalogue (src/shared/catalogues/<module>.ts: errors, audit actions, their German texts) is plain data the client " +
        'imports cheaply: it imports only the other catalogue files (kit.ts), never a contract (they pull zod in).',
      severity: 'error',
      from: { path: '^src/shared/catalogues/', pathNot: TEST },
      to: { pathNot: '^src/shared/catalogues/' },
    },
    {
      name: 'src-not-routes',
      comment: 'Routes compose features; src/ never imports routes/ (src/app imports only the generated route tree).',
      severity: 'error',
      from: { path: '^src/', pathNot: [TEST, '^src/routeTree\\.gen\\.ts$'] },
      to: { path: '^routes/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
