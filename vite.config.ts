import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressBuild } from './scripts/vite/precompress.ts';
import { preloadWithoutEntryChunks } from './scripts/vite/preload-deps.ts';
import { purgeUnusedMantineCss } from './scripts/vite/purge-mantine-css.ts';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * The build's version: package version + build time, so every deployment differs. The client compares it with
 * the ping's `version` (new version → "Neu laden"); the server reads dist/version.json (docs/foundation-plan.md).
 */
const packageVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
const appVersion = `${packageVersion}+${new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z')}`;

function writeVersionFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kita-portal:version-file',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(resolve(outDir, 'version.json'), `${JSON.stringify({ version: appVersion })}\n`);
    },
  };
}

const preload = preloadWithoutEntryChunks();

export default defineConfig(({ command }) => ({
  // Only builds carry a version: the dev server restarts on every change and must not nag about new versions.
  define: command === 'build' ? { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) } : {},
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // loaders in their own chunks too: their query options pull in the contracts (and zod) of pages the visitor
      // has not opened; only beforeLoad, params and search validation stay in the route tree every page loads
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    writeVersionFile(),
    purgeUnusedMantineCss(),
    preload.plugin,
    // after the version file: brotli and gzip copies of every text file, sent as they are by the server
    precompressBuild(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  // the manifest maps every chunk to its route source: the bundle benchmark proves admin chunks never load for staff
  build: {
    outDir: 'dist',
    // 'hidden': the maps are written (for debugging a build) but not named in the bundles; the server never serves
    // them in production, nor the manifest (server/plugins/spa.ts)
    sourcemap: 'hidden',
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash].js',
        // React, the router, React Query and ky are all needed by the first page; as one chunk they compress
        // better than the dozen small shared chunks automatic splitting makes of them
        codeSplitting: { groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|ky)[\\/]/ }] },
      },
    },
  },
}));
