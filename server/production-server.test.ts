import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from './lib/package-root';

/**
 * Issue 25: the compiled server (`npm run build` → build/server/index.mjs) started as production starts it, in its
 * own process with plain node: no tsx, no vite, nothing built at start.
 */
const rootDir = packageRoot(import.meta.url);
const outDir = path.join(rootDir, 'build', `test-server-${process.pid}`);
const dataDirs: string[] = [];

type Started = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };

/** starts the built server on a free port with a fresh DATA_DIR; resolves when it listens */
function startBuilt(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-prod-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(outDir, 'index.mjs')], {
    cwd: rootDir,
    // only what production sets: not the developer's nor vitest's environment
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://kita.example.org',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (listening) {
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
        resolve({ child, url: listening[1]!, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    void exited.then((code) => reject(new Error(`the built server exited with ${code} before listening:\n${output}`)));
  });
}

beforeAll(() => {
  const built = spawnSync(process.execPath, [path.join(rootDir, 'scripts', 'build-server.mjs'), '--out', outDir], { encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);
});
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('imports neither tsx nor vite, and writes its source maps beside itself', () => {
    for (const file of ['index.mjs', 'pdf-thread.mjs']) {
      const code = fs.readFileSync(path.join(outDir, file), 'utf8');
      expect(code, file).not.toMatch(/from ["'](tsx|vite)[/"']|import\(["'](tsx|vite)[/"']/);
      expect(fs.existsSync(path.join(outDir, `${file}.map`)), file).toBe(true);
    }
    expect(fs.readdirSync(path.join(outDir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
  });

  it('given NODE_ENV=production without an https PUBLIC_URL, refuses to start with the reason', async () => {
    const child = spawn(process.execPath, [path.join(outDir, 'index.mjs')], {
      cwd: rootDir,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PUBLIC_URL: 'http://kita.example.org', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PUBLIC_URL: mit NODE_ENV=production ist eine https-Adresse nötig');
    expect(stderr).not.toContain('    at ');
  });

  it('given NODE_ENV=production, starts with plain node, migrates, answers the API and serves no source map', async () => {
    const s = await startBuilt();
    try {
      const config = await fetch(`${s.url}/api/config`);
      expect(config.status).toBe(200);
      const map = await fetch(`${s.url}/assets/index-abc.js.map`);
      expect(map.status).toBe(404);
      // the log: pino JSON, one object per line
      const jsonLines = s
        .output()
        .split('\n')
        .filter((l) => l.startsWith('{'));
      expect(jsonLines.length).toBeGreaterThan(0);
      for (const line of jsonLines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
  });
});
