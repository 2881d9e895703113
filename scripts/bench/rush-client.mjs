// The load side of `npm run bench rush`, in a worker thread: its own event loop, so the server's latency is not
// measured through the client's work. Closed loop (default): every request at once, up to `concurrency` in flight.
// Open loop (`withinMs`): request i is sent at i × withinMs / count whatever the answers before it, and its latency
// counts from that moment (as when registration opens and the KiTas click without waiting for each other).
// Reports each request's status and latency.
import { parentPort, workerData } from 'node:worker_threads';
import { runLanes } from './load-lanes.mjs';

const { base, concurrency, requests, withinMs } = workerData;
const results = new Array(requests.length);

async function send(i, start) {
  const r = requests[i];
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
}

async function openLoop() {
  const t0 = performance.now();
  const due = (i) => t0 + (i * withinMs) / requests.length;
  const sent = [];
  for (let i = 0; i < requests.length; i++) {
    const wait = due(i) - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(send(i, due(i)));
  }
  await Promise.all(sent);
  return { totalMs: performance.now() - t0, loadCpuMs: null };
}

const { totalMs, loadCpuMs } = withinMs ? await openLoop() : await runLanes(concurrency, requests.length, (i) => send(i, performance.now()));
parentPort.postMessage({ totalMs, results, loadCpuMs });
