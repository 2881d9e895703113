import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../lib/package-root';

/**
 * The compiled server (`scripts/build-server.mjs`) in a process of its own, started as production starts it: plain
 * node, only the environment production sets. For the tests that kill, stop or restart a real process.
 */
const rootDir = packageRoot(import.meta.url);

/** `output`: stdout and stderr as they came; `stdout` and `stderr` each on its own (the log is stdout's JSON lines) */
export type BuiltServer = {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
  output: () => string;
  stdout: () => string;
  stderr: () => string;
};

/** builds the server into build/<name>-<pid>/ and answers that folder; throws with esbuild's output when it fails */
export function buildServer(name: string): string {
  const outDir = path.join(rootDir, 'build', `${name}-${process.pid}`);
  const built = spawnSync(process.execPath, [path.join(rootDir, 'scripts', 'build-server.mjs'), '--out', outDir], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server build failed:\n${built.stderr}`);
  return outDir;
}

/** starts `outDir`'s server on a free port of 127.0.0.1 with `env` (DATA_DIR among it); resolves when it listens */
export function startBuiltServer(outDir: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<BuiltServer> {
  const child = spawn(process.execPath, [...nodeArgs, path.join(outDir, 'index.mjs')], {
    cwd: rootDir,
    // only what production sets: not the developer's nor vitest's environment
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PUBLIC_URL: 'https://kita.example.org', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let listening = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
      if (listening) return;
      const at = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(output);
      if (at) {
        listening = true;
        resolve({ child, url: at[1]!, exited, output: () => output, stdout: () => stdout, stderr: () => stderr });
      }
    });
    child.stderr!.on('data', (c: Buffer) => {
      output += c.toString();
      stderr += c.toString();
    });
    void exited.then((code) => reject(new Error(`the built server exited with ${code} before listening:\n${output}`)));
  });
}

/** resolves when the server's output, read again on every chunk, matches; rejects when it exits before */
export function waitForOutput(s: BuiltServer, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(s.output())) {
        s.child.stdout!.off('data', check);
        resolve();
      }
    };
    s.child.stdout!.on('data', check);
    void s.exited.then(() => (pattern.test(s.output()) ? resolve() : reject(new Error(`exited before ${pattern}:\n${s.output()}`))));
    check();
  });
}
