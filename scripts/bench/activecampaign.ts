// Issue 21 benchmark (never asserted in tests): the ActiveCampaign sync of 10,000 consenting accounts against the
// local stub of API v3 (server/testing/active-campaign-stub.ts, 127.0.0.1, never the internet), on PostgreSQL.
// 1. The full run: new contacts go out in bulk imports of 250 (after one look-up by e-mail each); the runner is
//    stopped at the bulk import halfway (it is queued, its outcome unseen) and a new runner on the same database
//    resumes; it must finish with every contact sent once (in one import or one contact/sync, never both, never
//    twice). This part runs the stub and the client at BENCH_RATE (default 200/s) — the figures that matter, requests
//    per contact and "sent once", do not depend on the rate; the time at 5/s is estimated from them.
// 2. A re-run on unchanged data: its requests and time.
// 3. The real rate: BENCH_REAL contacts (default 40) at 5 requests/s: contacts per minute and the most requests the stub
//    saw in any second (must be ≤ 5).
// Prints one JSON line. BENCH_CONTACTS, BENCH_RATE, BENCH_REAL change the load; BENCH_PG_URL the server.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/db/client';
import { defaultAcTagNames } from '../../src/shared/contracts/active-campaign';
import { maxPerSecond as maxPerSecondOf, startActiveCampaignStub } from '../../server/testing/active-campaign-stub';
import {
  getRun,
  resumeStaleRuns,
  saveSettings,
  settleRuns,
  startRun,
  type AcDeps,
} from '../../server/modules/active-campaign/active-campaign.service';
import { runBench, type BenchWorld } from './kit';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const REAL = Number(process.env.BENCH_REAL ?? 40);

async function seedAccounts(db: Db, n: number, prefix: string) {
  await db.execute(sql`insert into facilities (label, kind, region, city, postal_code)
    select 'Bench-KiTa ' || g, 'Kindergarten', (array['Oberbayern','Schwaben','Mittelfranken','Oberpfalz'])[1 + g % 4], 'Nürnberg', '90402'
    from generate_series(1, 50) g`);
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, activated_at, newsletter, newsletter_decided_at)
    select ${prefix} || g || '@bench.example', 'x', 'Vor' || g, 'Nach' || g, now(), true, now() from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into facility_members (facility_id, user_id)
    select (select min(id) from facilities) + (u.id % 50), u.id from users u where u.email like ${prefix + '%'}`);
}

async function configure(db: Db, deps: AcDeps, url: string, key: string) {
  const rows = await queryRows<{ version: number }>(db, sql`select version from active_campaign_settings where id = 1`);
  const version = rows[0]?.version ?? 0;
  await saveSettings(
    db,
    deps.config,
    { url, key, listId: '1', listName: 'Newsletter', tagNames: defaultAcTagNames, nightlyHour: null, version },
    { actorUserId: null },
  );
}

async function run(w: BenchWorld) {
  const db = w.db;
  const config = w.config({ TOTP_KEY: Buffer.alloc(32, 3).toString('base64') });
  await seedAccounts(db, CONTACTS, 'bench-');

  // 1. full run, killed halfway, resumed
  const stub = await startActiveCampaignStub({ ratePerSecond: RATE });
  // the stand-in is the operator's address (ACTIVECAMPAIGN_URL): trusted as given, like in the tests
  const deps: AcDeps = {
    config: { ...config, activeCampaignUrl: stub.url },
    runtime: { ratePerSecond: RATE, timeoutMs: 10_000, backoffBaseMs: 100, importPollMs: 50 },
  };
  await configure(db, deps, stub.url, stub.key);
  const kill = new AbortController();
  let bulks = 0;
  const killAt = Math.max(1, Math.ceil(CONTACTS / 250 / 2));
  stub.onRequest((r) => {
    if (r.method === 'POST' && r.path === '/api/3/import/bulk_import' && ++bulks === killAt) kill.abort();
  });
  const t0 = performance.now();
  const first = await startRun(db, { ...deps, signal: kill.signal }, 'manual', { actorUserId: null });
  await settleRuns();
  const killedAt = (await getRun(db, first.id)).done;
  stub.onRequest(undefined);
  await resumeStaleRuns(db, deps, { force: true });
  await settleRuns();
  const fullMs = performance.now() - t0;
  const done = await getRun(db, first.id);
  // every address sent: in a bulk import or a contact/sync
  const sends = new Map<string, number>();
  const sent = (email: string) => sends.set(email, (sends.get(email) ?? 0) + 1);
  for (const r of stub.requests) if (r.path === '/api/3/contact/sync' && r.status === 200) sent((r.body?.contact as { email: string }).email);
  for (const b of stub.imports()) for (const email of b.emails) sent(email);
  const sentTwice = [...sends.values()].filter((n) => n > 1).length;
  const byPath = new Map<string, number>();
  for (const r of stub.requests) {
    const key = `${r.method} ${r.path.split('?')[0]!.replace(/\/\d+$/, '/{id}')}`;
    byPath.set(key, (byPath.get(key) ?? 0) + 1);
  }

  // 2. re-run on unchanged data
  const before = stub.requests.length;
  const writesBefore = stub.writes().length;
  const t1 = performance.now();
  const again = await startRun(db, deps, 'manual', { actorUserId: null });
  await settleRuns();
  const rerunMs = performance.now() - t1;
  const rerun = await getRun(db, again.id);
  await stub.close();

  // 3. the real rate: a fresh stub at 5 requests/s, REAL new accounts
  const slow = await startActiveCampaignStub({ ratePerSecond: 5 });
  // the client's own moments of sending, besides the stub's arrival times (which, in this same process on a busy
  // machine, also carry the event loop's delays)
  const sentAt: number[] = [];
  const slowDeps: AcDeps = { config: { ...config, activeCampaignUrl: slow.url }, runtime: { ratePerSecond: 5, onSend: (at) => sentAt.push(at) } };
  await db.execute(sql`update users set newsletter = false where email like 'bench-%'`);
  await seedAccounts(db, REAL, 'real-');
  await configure(db, slowDeps, slow.url, slow.key);
  const t2 = performance.now();
  const real = await startRun(db, slowDeps, 'manual', { actorUserId: null });
  await settleRuns();
  const realMs = performance.now() - t2;
  const realRun = await getRun(db, real.id);
  const realContacts = realRun.counts.added;
  const maxPerSecond = slow.maxPerSecond();
  const got429 = slow.requests.filter((r) => r.status === 429).length;
  await slow.close();

  console.log(
    JSON.stringify({
      contacts: CONTACTS,
      fastRate: RATE,
      full: {
        state: done.state,
        seconds: Math.round(fullMs / 100) / 10,
        killedAfterContacts: killedAt,
        added: done.counts.added,
        requests: done.counts.requests,
        requestsPerContact: Math.round((done.counts.requests / CONTACTS) * 1000) / 1000,
        contactsSentTwice: sentTwice,
        contactsSent: sends.size,
        bulkImports: stub.imports().length,
        requestsByPath: Object.fromEntries(byPath),
        // the same requests at ActiveCampaign's 5/s (the client spaces them 220 ms apart: 5/s with a 10 % margin)
        minutesFor10000At5PerSecond: Math.round(((done.counts.requests / CONTACTS) * 10_000 * 0.22) / 6) / 10,
      },
      rerun: {
        state: rerun.state,
        seconds: Math.round(rerunMs / 100) / 10,
        requests: stub.requests.length - before,
        writes: stub.writes().length - writesBefore,
      },
      realRate: {
        contacts: realContacts,
        seconds: Math.round(realMs / 100) / 10,
        contactsPerMinute: Math.round((realContacts / realMs) * 60_000),
        requestsPerContact: Math.round((realRun.counts.requests / Math.max(1, realContacts)) * 100) / 100,
        bulkImports: slow.imports().length,
        maxRequestsInAnySecond: maxPerSecond,
        maxSentInAnySecond: maxPerSecondOf(sentAt),
        answered429: got429,
        hoursFor10000: Math.round(((10_000 / realContacts) * realMs) / 360_000) / 10,
      },
    }),
  );
}

await runBench('ac', run);
