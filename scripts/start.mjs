// `npm start`: build the SPA when its sources are newer than dist/, then run the server with signals forwarded.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const distIndex = path.join(root, 'dist', 'index.html');
const sources = ['src', 'routes', 'index.html', 'vite.config.ts', 'public'];

function newestMtime(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function needsBuild() {
  // production images ship a built dist/ and no sources; SKIP_BUILD=1 is for quick server restarts
  if (process.env.NODE_ENV === 'production' || process.env.SKIP_BUILD === '1') return false;
  if (!fs.existsSync(path.join(root, 'index.html'))) return false; // client not there yet: serve the API alone
  const built = fs.statSync(distIndex, { throwIfNoEntry: false });
  if (!built) return true;
  return sources.some((s) => newestMtime(path.join(root, s)) > built.mtimeMs);
}

if (needsBuild()) {
  console.log('Building the web app (vite build) …');
  const result = spawnSync(bin('vite'), ['build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('vite build failed; not starting.');
    process.exit(result.status ?? 1);
  }
}

// the server applies migrations, creates the first admin if needed and prints its URL. Plain node with tsx as its
// loader, not tsx's command: that one relays a signal and, when the server has not confirmed it within 30 ms (a busy
// machine), kills the server with SIGKILL, skipping its graceful shutdown (seen: exit 143 on SIGTERM under load)
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
