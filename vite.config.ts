import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { precompressBuild } from './scripts/vite/precompress.ts';
import { preloadStylesheetsOnly } from './scripts/vite/preload-deps.ts';
import { lateMantine } from './scripts/vite/late-chunks.ts';
import { hoistTransitiveImports } from './scripts/vite/hoist-imports.ts';
import { purgeUnusedMantineCss } from './scripts/vite/purge-mantine-css.ts';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * The build's version: package version + build time, so every deployment differs. The client reads it from index.html's
 * `<meta name="kita-portal-version">` and compares it with the ping's `version` (new version → "Neu laden"); the server
 * reads dist/version.json (docs/foundation-plan.md). It is in no script: a chunk that carried it would change with every
 * build, and with it the file name of every chunk importing it, so a phone would fetch every script again after each
 * deployment, changed or not. index.html is never cached (server/plugins/spa.ts); the hashed chunks of one source stay
 * the same from build to build.
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
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'kita-portal-version', content: appVersion }, injectTo: 'head' }],
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(resolve(outDir, 'version.json'), `${JSON.stringify({ version: appVersion })}\n`);
    },
  };
}

/**
 * Source maps are written for error tracking but never stay in the served folder: after the build they move from
 * dist/ to build/client-sourcemaps/ (same relative paths). No start mode serves a map (server/plugins/spa.ts).
 */
function moveSourceMapsOutOfDist(): Plugin {
  let outDir = 'dist';
  let mapsDir = 'build/client-sourcemaps';
  const maps = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? maps(join(dir, e.name)) : e.name.endsWith('.map') ? [join(dir, e.name)] : [],
    );
  return {
    name: 'kita-portal:move-source-maps',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      mapsDir = resolve(config.root, 'build', 'client-sourcemaps');
    },
    closeBundle() {
      rmSync(mapsDir, { recursive: true, force: true });
      for (const file of maps(outDir)) {
        const target = join(mapsDir, relative(outDir, file));
        mkdirSync(dirname(target), { recursive: true });
        renameSync(file, target);
      }
    },
  };
}

const lateChunks = lateMantine();

export default defineConfig(({ command }) => ({
  // Only builds carry a version: the dev server restarts on every change and must not nag about new versions.
  define: command === 'build' ? { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) } : {},
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // loaders in their own chunks too: their query options pull in the contracts (and zod) of pages the visitor
      // has not opened; only beforeLoad, params and search validation stay in the route tree every page loads. Not in
      // the component's chunk: the data request would wait for all of the page's code (tried, ADR 0006)
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    writeVersionFile(),
    moveSourceMapsOutOfDist(),
    purgeUnusedMantineCss(),
    lateChunks.plugin,
    hoistTransitiveImports(),
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
    // 'hidden': the maps are written (for debugging a build) but not named in the bundles; they move to
    // build/client-sourcemaps/ after the build, and the server serves no map nor the manifest (server/plugins/spa.ts)
    sourcemap: 'hidden',
    manifest: true,
    modulePreload: { resolveDependencies: preloadStylesheetsOnly },
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash].js',
        // React, the router, React Query and ky are all needed by the first page; as one chunk they compress
        // better than the dozen small shared chunks automatic splitting makes of them
        // zod (never on the first page) in two chunks instead of six: the core and zod/mini, which the login form
        // loads on focus, and the classic API every other contract uses (ADR 0006, 2026-11-28)
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|ky)[\\/]/ },
            { name: 'zod-core', test: /node_modules[\\/]zod[\\/](v4[\\/](core|mini)|mini)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // the Mantine parts of the login form (with Box and the hooks they use) as one chunk next to the entry: /login
            // loaded them anyway, as a dozen small files after its page chunk; now no page's preload list names them
            // (/login 160.3 -> 156.4 KB JS gzip, 27 -> 15 files); with them the frame's Burger and useDisclosure, which every
            // page loads with the frame and which would otherwise go to the late chunk below (issue 35)
            // and the header's KiTa switcher and user menu button, which the frame draws and the session's chunk shares:
            // else a chunk of 1 KB of its own on every page
            {
              name: 'login-kit',
              test: (id: string) =>
                /node_modules[\\/]@mantine[\\/](core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|CloseButton|Alert|Stack|Container|VisuallyHidden|Burger)|hooks[\\/]esm[\\/]use-disclosure)[\\/]/.test(
                  id,
                ) ||
                /[\\/]src[\\/](components[\\/]layout[\\/]header-actions\.tsx|features[\\/]access[\\/](components[\\/]facility-switcher\.tsx|hooks[\\/]use-guard-dialog\.ts))$/.test(
                  id,
                ),
            },
            ...lateChunks.groups,
          ],
        },
      },
    },
  },
}));
