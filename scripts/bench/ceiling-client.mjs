// The load side of `npm run bench ceiling`: the rush client's loop (fetch, `concurrency` in flight) against a bare
// route, reporting the run's wall time, the statuses and this thread's CPU.
import { parentPort, workerData } from 'node:worker_threads';
import { runLanes } from './load-lanes.mjs';

const { url, concurrency, requests, offset } = workerData;
const statuses = {};
const times = [];
const { totalMs, loadCpuMs } = await runLanes(concurrency, requests, async (i) => {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie: 'kita_session=x', 'content-type': 'application/json' },
    body: JSON.stringify({ offeringId: 1 + (i % 50), personIds: [1_000_000 + offset + i] }),
  });
  await res.json();
  times.push(performance.now() - start);
  statuses[res.status] = (statuses[res.status] ?? 0) + 1;
});
parentPort.postMessage({ totalMs, statuses, times, loadCpuMs });
