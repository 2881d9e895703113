// The load side of `npm run bench rush`, in a worker thread: its own event loop, so the server's latency is not
// measured through the client's work. Sends every request at once (up to `concurrency` in flight) and reports
// each one's status and latency.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

// this thread's CPU time in ms (Linux: /proc/thread-self, read synchronously on this thread; clock ticks of 10 ms),
// so the bench can tell the client's share of the process's CPU from the server's; null elsewhere
function threadCpuMs() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

const { base, concurrency, requests } = workerData;
const results = new Array(requests.length);
let next = 0;
const t0 = performance.now();
const cpu0 = threadCpuMs();

async function lane() {
  for (;;) {
    const i = next++;
    if (i >= requests.length) return;
    const r = requests[i];
    const start = performance.now();
    const res = await fetch(`${base}/api/facilities/${r.facilityId}/enrolments`, {
      method: 'POST',
      headers: { cookie: r.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ offeringId: r.offeringId, personIds: [r.personId] }),
    });
    const body = await res.json();
    results[i] = {
      status: res.status,
      ms: performance.now() - start,
      code: body?.reason?.code ?? null,
      state: body?.results?.[0]?.state ?? null,
      // behind nginx (`bench scale`): the instance that answered
      upstream: res.headers.get('x-kita-upstream'),
    };
  }
}

await Promise.all(Array.from({ length: concurrency }, lane));
const totalMs = performance.now() - t0;
const cpu1 = threadCpuMs();
parentPort.postMessage({ totalMs, results, loadCpuMs: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 });
