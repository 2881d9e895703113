import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files under `dirs` that replace a module or a global (vi.mock, vi.doMock, vi.stubGlobal, vi.stubEnv) or start
 * the module graph again (vi.resetModules): they run with a module graph of their own. Every other file shares its
 * worker's modules with the files before it (`isolate: false`), which spares each file the import of the whole app:
 * the client's tests took 189 s alone, 64 s so; the server's import time fell from 96 s to 12 s (decision 0042). Read
 * from the files themselves, so a new test that mocks a module is isolated without a list.
 */
function filesThatReplaceModules(dirs: string[], name: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (name.test(entry.name) && /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/.test(readFileSync(path, 'utf8'))) found.push(path);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/**
 * Server tests whose outcome does not depend on the database: they start the portal or a script in a process of its
 * own on PGlite whatever DATABASE_URL says, or read no database at all. .ci/run's PostgreSQL pass (`npm test --
 * --database-only`, TEST_DATABASE_ONLY=1) leaves them out; the PGlite pass and `npm test` run them (playwright.config.ts
 * has the same list for the e2e specs).
 */
const databaseFreeServerTests = [
  'server/compose-deploy.test.ts',
  'server/process-log.test.ts',
  'server/production-server.test.ts',
  'server/shutdown-keepalive.test.ts',
  'server/start-script.test.ts',
  'server/test-script.test.ts',
];

const serverMocking = filesThatReplaceModules(['server'], /\.test\.ts$/);
const server = {
  environment: 'node' as const,
  include: ['server/**/*.test.ts'],
  // migrates one template database per run; each test file starts from a copy of it
  globalSetup: ['server/testing/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

const clientTests = ['src/**/*.test.{ts,tsx}', 'routes/**/*.test.{ts,tsx}'];
const clientMocking = filesThatReplaceModules(['src', 'routes'], /\.test\.tsx?$/);
const clientPlugins = [
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: false,
    routesDirectory: './routes',
    generatedRouteTree: './src/routeTree.gen.ts',
  }),
  react(),
];
const client = {
  environment: 'jsdom' as const,
  setupFiles: ['src/testing/setup.ts'],
  // a form typed into by user-event takes 8 s alone and three times that on a loaded two-core runner
  testTimeout: 60_000,
};

/**
 * The files that take longest (a minute or more on the project's two-core machine: the API gate's two halves, the
 * backup recipe's nights, the legacy import's hostile files, the tests that start the portal in processes of their
 * own), started first so the many short files fill the other worker around them. vitest's own order needs the timings
 * of a run before (node_modules/.vite/vitest, absent in CI's fresh clone); without them it took the project names
 * alphabetically and the largest files first, so the gate's two three-line files started last and ran alone at the
 * end. Only the order depends on this list; a file missing from it still runs.
 */
const longestFirst = [
  'server/api-fuzz-writes.test.ts',
  'server/api-fuzz-reads.test.ts',
  // PostgreSQL only (two portals on one database; skipped on PGlite)
  'server/rolling-restart.test.ts',
  'server/two-instances.test.ts',
  'server/db/backup.test.ts',
  'server/modules/legacy-imports/legacy-imports.test.ts',
  'server/production-server.test.ts',
  'server/start-script.test.ts',
  'server/process-log.test.ts',
  'server/modules/active-campaign/active-campaign.test.ts',
  'server/modules/season-report/season-report.recount.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const at = longestFirst.findIndex((name) => f.moduleId.endsWith(name));
      return at === -1 ? longestFirst.length : at;
    };
    const sorted = await super.sort(files);
    // a stable sort: vitest's order (its timings when it has them) among the rest
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    // vitest's default on 2 cores is one worker; server files wait on PGlite/PostgreSQL and argon2 often enough
    // that two overlap well (PGlite suite 120 s → 75 s on a 2-core CI-like machine). Set once for all projects:
    // vitest refuses projects with different maxWorkers in one run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          ...server,
          exclude: [...serverMocking, ...(process.env.TEST_DATABASE_ONLY ? databaseFreeServerTests : [])],
          // each file still builds its own app on its own copy of the template database; only modules are shared
          isolate: false,
        },
      },
      { test: { name: 'server-isolated', ...server, include: serverMocking } },
      {
        plugins: clientPlugins,
        test: {
          name: 'client',
          ...client,
          include: clientTests,
          exclude: clientMocking,
          // each file still gets a fresh jsdom and the setup file's cleanup; only the imported modules are shared
          isolate: false,
        },
      },
      { plugins: clientPlugins, test: { name: 'client-isolated', ...client, include: clientMocking } },
    ],
  },
});
