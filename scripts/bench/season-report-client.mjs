// The load side of `npm run bench report`, in a worker thread (its own event loop). `mode: 'loop'`: `lanes` admins
// asking for the season report one after another for `seconds` (the server saturated, like autocannon);
// `mode: 'burst'`: `lanes` admins opening it at the same moment, `rounds` times (the next round when all answered).
// Reports every request's status and latency.
import { parentPort, workerData } from 'node:worker_threads';

const { url, cookie, lanes, seconds, rounds, mode } = workerData;
const results = [];

async function one() {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  results.push({ status: res.status, ms: performance.now() - start });
}

if (mode === 'burst') {
  for (let r = 0; r < rounds; r++) await Promise.all(Array.from({ length: lanes }, one));
} else {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (performance.now() < until) await one();
    }),
  );
}
parentPort.postMessage(results);
