// `npm run build` (after vite build): compiles the server to JavaScript, so a production install starts with plain
// `node build/server/index.mjs` and needs neither tsx nor vite and builds nothing at start.
//
// esbuild, not tsc: the sources import without file extensions (moduleResolution "Bundler"), which Node's ESM loader
// cannot resolve, so tsc's one-file-per-module output would not run without rewriting every import. esbuild bundles
// our own code into one module (the PDF worker thread into a second), keeps every npm package an import from
// node_modules, and type-checks nothing (that stays `npm run typecheck`).
//
// Usage: node scripts/build-server.mjs [--out <dir>]   (default build/server)
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outIndex = process.argv.indexOf('--out');
const outDir = path.resolve(root, outIndex > 0 ? process.argv[outIndex + 1] : 'build/server');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const runtimeDeps = new Set(Object.keys(pkg.dependencies ?? {}));
// dependencies of `npm start` and `npm run dev`, never of the compiled server
const forbidden = new Set(['tsx', 'vite']);

fs.rmSync(outDir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  // index.mjs is the server; pdf-thread.mjs the PDF worker's entry, found by server/lib/pdf-pool.ts beside the module
  // that starts it (in the sources, pdf-thread.mjs loads pdf-thread.ts through tsx); backup-cli.mjs is `npm run
  // backup`/`restore` without tsx and the sources (the container's backup: compose.yaml's `backup` service)
  entryPoints: [
    { in: 'server/index.ts', out: 'index' },
    { in: 'server/lib/pdf-thread.ts', out: 'pdf-thread' },
    { in: 'server/db/backup-cli.ts', out: 'backup-cli' },
  ],
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  // beside the bundle, for `node --enable-source-maps` and error tracking; build/ is never served
  sourcemap: 'linked',
  metafile: true,
  logLevel: 'warning',
});

// every import left in the bundle must be a Node built-in or a runtime dependency (`npm ci --omit=dev` installs it)
const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
const builtins = new Set(builtinModules);
const problems = [];
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  for (const imp of output.imports) {
    if (!imp.external) continue;
    if (imp.path.startsWith('node:') || builtins.has(imp.path)) continue;
    const name = packageOf(imp.path);
    if (forbidden.has(name)) problems.push(`${file} imports ${imp.path}: the compiled server must not need ${name}`);
    else if (!runtimeDeps.has(name)) problems.push(`${file} imports ${imp.path}, which is not in package.json "dependencies"`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

// drizzle's migrator reads the SQL files at start: server/db/migrate.ts looks beside its module
fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
// the certificates' embedded font (server/lib/certificate-pdf.ts reads it beside its module, the PDF thread's bundle)
fs.cpSync(path.join(root, 'server', 'lib', 'fonts'), path.join(outDir, 'fonts'), { recursive: true });
// /api/health names the commit (server/lib/version.ts): GIT_COMMIT when the build is given it (a CI job, a Docker
// build argument), else HEAD of a checkout without changes to tracked files; otherwise none, never a guess
const gitCommit = () => {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('status', '--porcelain', '--untracked-files=no') === '' ? git('rev-parse', 'HEAD') : undefined;
  } catch {
    return undefined; // no git, or not a checkout (a source archive, a Docker build context without .git)
  }
};
const commit = /^[0-9a-f]{7,40}$/.test(process.env.GIT_COMMIT ?? '') ? process.env.GIT_COMMIT : gitCommit();
fs.writeFileSync(path.join(outDir, 'build-info.json'), `${JSON.stringify(commit ? { commit } : {})}\n`);
console.log(`server compiled to ${path.relative(root, outDir)}/index.mjs`);
