// The load side of `npm run bench rush`, in a worker thread: its own event loop, so the server's latency is not
// measured through the client's work. Sends every request at once (up to `concurrency` in flight) and reports
// each one's status and latency.
import { parentPort, workerData } from 'node:worker_threads';

const { base, concurrency, requests } = workerData;
const results = new Array(requests.length);
let next = 0;
const t0 = performance.now();

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
parentPort.postMessage({ totalMs, results });
