// The steps of scripts/test.mjs, each in a process group of its own (the static checks side by side, the rest one
// after another), stopped whole on Ctrl-C (SIGINT), SIGTERM or SIGHUP.
//
// Each step runs detached (its own process group), so a signal reaches test.mjs, which passes it to every running
// step's whole group (vitest and its workers, Playwright and its workers) and waits for each step to end. A process
// that left the group (Playwright starts its web server, the portal, in a group of its own) is found by its parent
// chain when the signal comes and is sent the same signal once its step has ended; whatever still runs after GRACE_MS
// is killed.
// Then no further step starts and test.mjs prints its summary and exits 128 + the signal's number.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';

// longer than the portal's own SHUTDOWN_TIMEOUT_SECONDS (20): a web server answers what is in flight and closes
const GRACE_MS = 30_000;

const signalPid = (pid, signal) => {
  try {
    process.kill(pid, signal);
  } catch {
    // gone already
  }
};

/** the processes `ps` lists (Linux and macOS): pid, parent and state; empty where there is no ps */
function processTable() {
  const ps = spawnSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' });
  if (ps.status !== 0) return [];
  return ps.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, ppid]) => Number(pid) > 0 && ppid !== undefined)
    .map(([pid, ppid, stat]) => ({ pid: Number(pid), ppid: Number(ppid), zombie: (stat ?? '').startsWith('Z') }));
}

/** every process below `rootPid` */
export function descendantsOf(rootPid) {
  const children = new Map();
  for (const { pid, ppid } of processTable()) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    for (const pid of children.get(queue.shift()) ?? []) {
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

/** those of `pids` that still run: an ended process whose parent has not collected it yet (a zombie) does not */
export function stillRunning(pids) {
  const running = new Set(
    processTable()
      .filter((p) => !p.zombie)
      .map((p) => p.pid),
  );
  return pids.filter((pid) => running.has(pid));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** waits until none of `pids` runs, at most until `deadline` (Date.now() scale); answers those still running */
async function waitGone(pids, deadline) {
  let left = stillRunning(pids);
  while (left.length && Date.now() < deadline) {
    await sleep(100);
    left = stillRunning(left);
  }
  return left;
}

/**
 * `exec(cmd, args, env, { capture })` runs one command as a step's process group and answers `{ status, signal, output }`
 * as spawnSync did; several may run at once. With `capture` the step's stdout and stderr are collected into `output`
 * (the caller prints them when the step has ended, so steps running side by side do not interleave); without it they
 * go to the terminal. `stoppedBy()` names the signal that stopped the run (null while none came). Installs the
 * SIGINT, SIGTERM and SIGHUP handlers of the calling process.
 */
export function stepRunner() {
  /** the running steps, each with the processes outside its group found when the signal came */
  const running = new Set();
  let stoppedBy = null;
  let deadline = 0;

  const stopStep = (step, signal) => {
    const group = step.child.pid;
    step.strays = descendantsOf(group);
    signalPid(-group, signal);
    const kill = setTimeout(() => signalPid(-group, 'SIGKILL'), GRACE_MS);
    step.child.once('close', () => clearTimeout(kill));
  };
  const stop = (signal) => {
    if (stoppedBy) return; // npm passes Ctrl-C on as well: the second one changes nothing
    stoppedBy = signal;
    deadline = Date.now() + GRACE_MS;
    for (const step of running) stopStep(step, signal);
  };
  // SIGHUP: the terminal closed; the steps, in groups of their own, would not get it from the terminal
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));

  async function exec(cmd, args, env = {}, { capture = false } = {}) {
    if (stoppedBy) return { status: null, signal: stoppedBy, output: '' };
    const child = spawn(cmd, args, {
      stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    const step = { child, strays: [] };
    running.add(step);
    const chunks = [];
    if (capture) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => chunks.push(chunk));
    const result = await new Promise((resolve) => {
      child.once('error', () => resolve({ status: null, signal: null })); // not started (no such command)
      child.once('close', (status, signal) => resolve({ status, signal }));
    });
    running.delete(step);
    if (stoppedBy) {
      // what outlived the step (it left the group, or the step ended without waiting for it): the same signal, then
      // after the grace time SIGKILL
      for (const pid of step.strays) signalPid(pid, stoppedBy);
      for (const pid of await waitGone(step.strays, deadline)) signalPid(pid, 'SIGKILL');
    }
    return { ...result, output: Buffer.concat(chunks).toString() };
  }

  return { exec, stoppedBy: () => stoppedBy, exitCode: () => (stoppedBy ? 128 + constants.signals[stoppedBy] : 0) };
}
