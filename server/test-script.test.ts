import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { descendantsOf, stillRunning } from '../scripts/step-runner.mjs';
import { packageRoot } from './lib/package-root';

/**
 * Stopping `npm test` (scripts/test.mjs) with Ctrl-C or SIGTERM stops every process it started and waits for them.
 * A process counts as gone when process.kill(pid, 0) fails or it is a zombie (ended, not yet collected by the
 * container's init): stillRunning() says which.
 */
const rootDir = packageRoot(import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** what a test started, killed after it whatever the outcome, so a failing test leaves nothing behind either */
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
});

/** starts `args` with node in the repository; resolves once `ready(descendants)` holds, with the process and its output */
async function startUntil(args: string[], ready: (descendants: number[], output: string) => boolean) {
  const child = spawn(process.execPath, args, { cwd: rootDir, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));
  let descendants: number[] = [];
  while (!ended && !ready((descendants = descendantsOf(child.pid!)), output)) await sleep(100);
  started.push(child.pid!, ...descendants);
  if (ended) throw new Error(`ended before it was ready:\n${output}`);
  return { child, descendants, exited, output: () => output };
}

/** process.kill(pid, 0) succeeds and the process is no zombie */
const running = (pids: number[]) =>
  stillRunning(pids).filter((pid) => {
    try {
      return process.kill(pid, 0);
    } catch {
      return false;
    }
  });

describe('scripts/test.mjs', () => {
  it('given the types step running, when SIGINT reaches the script, tsc is stopped and waited for, and the summary says so', async () => {
    const run = await startUntil(['scripts/test.mjs', 'types'], (d, out) => out.includes('▶ types') && d.length > 0);
    process.kill(run.child.pid!, 'SIGINT'); // the script alone, as `kill -INT` does: the step gets it from the script
    expect(await run.exited).toBe(130);
    expect(running(run.descendants)).toEqual([]);
    expect(run.output()).toMatch(/◀ types: failed \(exit SIGINT\) in \d+\.\d s/);
    expect(run.output()).toContain('Failed steps: types, stopped by SIGINT');
    expect(run.output()).toMatch(/\n0 passed, 0 failed, 0 skipped\n$/);
  });

  // side by side needs a second CPU (scripts/test.mjs runs one check per CPU)
  it.skipIf(availableParallelism() < 2)(
    'given two static checks running side by side, when SIGINT comes, both are stopped and named, and no further step starts',
    async () => {
      const run = await startUntil(
        ['scripts/test.mjs', 'types', 'lint', 'docs'],
        (d, out) => out.includes('▶ types') && out.includes('▶ lint') && d.length >= 2,
      );
      process.kill(run.child.pid!, 'SIGINT');
      expect(await run.exited).toBe(130);
      expect(running(run.descendants)).toEqual([]);
      expect(run.output()).toMatch(/◀ types: failed \(exit SIGINT\)/);
      expect(run.output()).toMatch(/◀ lint: failed \(exit SIGINT\)/);
      expect(run.output()).not.toContain('▶ docs');
      expect(run.output()).toMatch(/Failed steps: (types, lint|lint, types), stopped by SIGINT/);
    },
  );

  it('given a step with a worker in its group and a server in a group of its own (as Playwright starts its web server), when SIGTERM comes, both are stopped', async () => {
    // a stand-in for Playwright: a worker in the step's process group, a "web server" detached from it, and no
    // clean-up of its own on the signal (the worst case)
    const step = `
      const { spawn } = require('node:child_process');
      const forever = ['-e', 'setInterval(() => {}, 1000)'];
      spawn(process.execPath, forever, { stdio: 'ignore' });
      spawn(process.execPath, forever, { stdio: 'ignore', detached: true });
      setInterval(() => {}, 1000);`;
    const driver = `
      import { stepRunner } from './scripts/step-runner.mjs';
      const steps = stepRunner();
      const r = await steps.exec(process.execPath, ['-e', ${JSON.stringify(step)}]);
      console.log('step ended by', r.signal);
      process.exit(steps.exitCode());`;
    const run = await startUntil(['--input-type=module', '-e', driver], (d) => d.length >= 3);
    process.kill(run.child.pid!, 'SIGTERM');
    expect(await run.exited).toBe(143);
    expect(run.output()).toContain('step ended by SIGTERM');
    expect(running(run.descendants)).toEqual([]);
  });
});
