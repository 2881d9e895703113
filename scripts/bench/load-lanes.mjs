import { readFileSync } from 'node:fs';

/**
 * The calling thread's CPU time in ms (Linux: /proc/thread-self, read synchronously on that thread; clock ticks of
 * 10 ms), so a bench can tell its load thread's share of the process's CPU from the server's; null elsewhere.
 */
function threadCpuMs() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The load loop of the bench clients (run in a worker thread): `send(i)` for i = 0 … count - 1, `concurrency` of them
 * in flight. Answers the run's wall time and this thread's CPU over it (null where it cannot be read).
 */
export async function runLanes(concurrency, count, send) {
  let next = 0;
  const t0 = performance.now();
  const cpu0 = threadCpuMs();
  const lane = async () => {
    for (let i = next++; i < count; i = next++) await send(i);
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const cpu1 = threadCpuMs();
  return { totalMs: performance.now() - t0, loadCpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 };
}
