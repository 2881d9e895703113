// The load side of `npm run bench autosave`, in a worker thread (its own event loop): every KiTa saves one changed
// answer every `intervalMs` after opening the form (a closed loop per KiTa, started at a random moment of the first interval) for
// `seconds`, with the version its last answer gave it, as the form's autosave does. Reports each save's status and
// latency and, per KiTa, the last value the server confirmed.
import { parentPort, workerData } from 'node:worker_threads';

const { base, kitas, seconds, intervalMs, keys, text } = workerData;
const results = [];
const lastSaved = {};
// as in the portal, everyone opens the form (GET) before typing: 20 at a time, not timed
const queue = [...kitas];
await Promise.all(
  Array.from({ length: 20 }, async () => {
    for (let k = queue.shift(); k; k = queue.shift()) {
      const res = await fetch(`${base}/api/facilities/${k.facilityId}/documentation`, { headers: { cookie: k.cookie } });
      if (res.status !== 200) throw new Error(`GET form: ${res.status}`);
      k.version = (await res.json()).version;
    }
  }),
);
const t0 = performance.now();
const end = t0 + seconds * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function kita({ facilityId, cookie, version: startVersion }) {
  let version = startVersion;
  let n = 0;
  let due = t0 + Math.random() * intervalMs;
  for (;;) {
    await sleep(due - performance.now());
    if (performance.now() >= end) return;
    n++;
    const key = keys[n % keys.length];
    const value = `${text} (Änderung ${n} um ${Date.now()})`;
    const start = performance.now();
    const res = await fetch(`${base}/api/facilities/${facilityId}/documentation`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ baseVersion: version, answers: { [key]: value } }),
    });
    const body = await res.json();
    const ms = performance.now() - start;
    results.push({ status: res.status, ms, conflicts: body?.conflicts?.length ?? 0, at: start - t0, upstream: res.headers.get('x-kita-upstream') });
    if (res.status === 200) {
      version = body.version;
      lastSaved[facilityId] = { ...(lastSaved[facilityId] ?? {}), [key]: value };
    }
    due += intervalMs;
  }
}

await Promise.all(kitas.map(kita));
parentPort.postMessage({ totalMs: performance.now() - t0, results, lastSaved });
