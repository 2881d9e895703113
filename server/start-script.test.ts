import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendantsOf } from '../scripts/step-runner.mjs';
import { packageRoot } from './lib/package-root';

/**
 * `npm start` (scripts/start.mjs) as a newcomer runs it: no HOST set. The address it binds is read from the kernel's
 * table of listening sockets (/proc/net/tcp), not from the server's own log, which names 127.0.0.1 for 0.0.0.0 too.
 */
const rootDir = packageRoot(import.meta.url);
const skipReason = fs.existsSync('/proc/net/tcp') ? null : 'needs Linux (/proc/net/tcp)';
if (skipReason) console.info(`server/start-script.test.ts skipped: ${skipReason}`);

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** the IPv4 address a socket on `port` listens on, as /proc/net/tcp has it (hex, little-endian) */
function listeningAddress(port: number): string | undefined {
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, , state] = line.trim().split(/\s+/);
    const [hexAddress, hexPort] = (local ?? '').split(':');
    if (state !== '0A' || Number.parseInt(hexPort ?? '', 16) !== port) continue; // 0A: LISTEN
    const bytes = Buffer.from(hexAddress!, 'hex').reverse();
    return [...bytes].join('.');
  }
  return undefined;
}

/** starts scripts/start.mjs with `env` on a free port; resolves once it listens */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(rootDir, 'scripts', 'start.mjs')], {
    cwd: rootDir,
    // only what a newcomer has: not the developer's nor vitest's environment (no HOST among it)
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SKIP_BUILD: '1', PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      const at = /"msg":"Server listening at http:\/\/[^:"]+:(\d+)"/.exec(output);
      if (at) resolve(Number(at[1]));
    });
    void exited.then((code) => reject(new Error(`npm start exited with ${code} before listening:\n${output}`)));
  });
  return { child, port, exited, output: () => output };
}

/** starts it, answers the address it listens on, stops it with SIGTERM */
async function startAndStop(env: Record<string, string>) {
  const server = await start(env);
  const address = listeningAddress(server.port);
  server.child.kill('SIGTERM');
  return { address, exitCode: await server.exited };
}

// a first start migrates a fresh embedded database: on a loaded two-core machine that alone took 40 s
describe.skipIf(skipReason)('npm start (scripts/start.mjs)', { timeout: 180_000 }, () => {
  it('given no HOST, when started, listens on 127.0.0.1 only and stops cleanly on SIGTERM', async () => {
    expect(await startAndStop({})).toEqual({ address: '127.0.0.1', exitCode: 0 });
  });

  it('given HOST=0.0.0.0 (what the Dockerfile sets), when started, listens on every address', async () => {
    expect(await startAndStop({ HOST: '0.0.0.0' })).toEqual({ address: '0.0.0.0', exitCode: 0 });
  });

  it('given a server too busy to take a signal at once (paused for 300 ms), when SIGTERM comes, it still shuts down gracefully', async () => {
    // a loaded machine, made repeatable: tsx's command, which ran the server before, waited 30 ms for the server to
    // confirm a relayed signal and then killed it with SIGKILL (exit 143, no graceful shutdown)
    const server = await start({});
    const portal = descendantsOf(server.child.pid!).at(-1)!; // the deepest process: the server itself
    process.kill(portal, 'SIGSTOP');
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(portal, 'SIGCONT');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"shut down"');
  });
});
