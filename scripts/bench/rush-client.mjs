// The load side of `npm run bench rush`, in a worker thread: its own event loop, so the server's latency is not
// measured through the client's work. Sends every request at once (up to `concurrency` in flight) and reports
// each one's status and latency.
import { parentPort, workerData } from 'node:worker_threads';
import { runLanes } from './load-lanes.mjs';

const { base, concurrency, requests } = workerData;
const results = new Array(requests.length);
const { totalMs, loadCpuMs } = await runLanes(concurrency, requests.length, async (i) => {
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
    // the waiting-list place the answer named (rushChecks: each offering's answered places are exactly 1 … n)
    waitlistPosition: body?.results?.[0]?.waitlistPosition ?? null,
    enrolmentId: body?.results?.[0]?.enrolmentId ?? null,
    // behind nginx (`bench scale`): the instance that answered
    upstream: res.headers.get('x-kita-upstream'),
  };
});
parentPort.postMessage({ totalMs, results, loadCpuMs });
