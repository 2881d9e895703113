import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default on 2 cores is one worker; server files wait on PGlite/PostgreSQL and argon2 often enough
    // that two overlap well (PGlite suite 120 s → 75 s on a 2-core CI-like machine). Set once for all projects:
    // vitest refuses projects with different maxWorkers in one run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // migrates one template database per run; each test file starts from a copy of it
          globalSetup: ['server/testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          tanstackRouter({
            target: 'react',
            autoCodeSplitting: false,
            routesDirectory: './routes',
            generatedRouteTree: './src/routeTree.gen.ts',
          }),
          react(),
        ],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'routes/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          // a form typed into by user-event takes 8 s alone and three times that on a loaded two-core runner
          testTimeout: 60_000,
        },
      },
    ],
  },
});
