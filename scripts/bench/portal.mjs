// Starts the built portal the README's way on a throwaway data dir and a free port; used by the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startPortal({ env = {}, seedDemo = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kita-bench-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const baseURL = `http://127.0.0.1:${port}`;
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    ADMIN_TOTP: 'optional',
    ADMIN_EMAIL: 'admin@demo.example',
    ADMIN_PASSWORD: 'Demo-Passwort-2026',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const cmd = seedDemo ? 'npm run -s seed:demo && node scripts/start.mjs' : 'node scripts/start.mjs';
  const child = spawn('bash', ['-c', cmd], { env: fullEnv, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  child.stdout.resume();
  const deadline = Date.now() + 240_000;
  for (;;) {
    try {
      const r = await fetch(`${baseURL}/api/loginstatus`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null) throw new Error('the portal exited during start');
    if (Date.now() > deadline) throw new Error('the portal did not answer within 240 s');
    await new Promise((res) => setTimeout(res, 300));
  }
  return {
    baseURL,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await new Promise((res) => setTimeout(res, 800));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
