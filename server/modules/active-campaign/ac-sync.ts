import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acApi, type AcApi } from './ac-api';
import { BULK_MIN, importFresh, resolveImports } from './ac-bulk-import';
import { AcError, createAcClient } from './ac-client';
import { emptyCounts, leaveOne, prepare, sameState, syncOne, type AcConnection, type AcRuntime, type Ctx } from './ac-contact';
import { consentingEmails, loadDesired } from './ac-desired';
import { appendLog, summary } from './ac-run-log';
import { activeCampaignContacts, activeCampaignRuns, type AcRunCounts } from './active-campaign.table';

/*
 * A sync run: its lease and cursor (this file), one contact (ac-contact.ts), the bulk import of addresses the account
 * does not know (ac-bulk-import.ts), the run's log (ac-run-log.ts).
 */

const LEASE = sql`clock_timestamp() + interval '2 minutes'`;
const BATCH = 100;
/** consenting accounts per step of the contacts phase: the bulk importer's most per call */
const CONTACT_BATCH = 250;

class LostLease extends Error {}

type RunValues = Partial<typeof activeCampaignRuns.$inferInsert>;
/** what both phases of a run work with; `persist` writes the run's progress and renews the lease (throws LostLease) */
type Run = {
  db: Db;
  api: AcApi;
  ctx: Ctx;
  conn: AcConnection;
  runtime: AcRuntime;
  counts: AcRunCounts;
  persist: (values: RunValues) => Promise<void>;
  runId: number;
  signal: AbortSignal | undefined;
};

/**
 * Runs (or resumes) the run `runId` whose lease this process holds: the consenting accounts by user id from the
 * cursor on, then the contacts to unsubscribe. Each contact is compared with the portal's record and, when it
 * changed, with ActiveCampaign itself; only what differs is written. The cursor moves after every contact, so a
 * restart repeats at most the contact in hand, and that one's comparison finds it already written. Addresses the
 * account does not know go out in one bulk import per step of 250 (importFresh), recorded before and after.
 */
export async function executeRun(db: Db, conn: AcConnection, runtime: AcRuntime, runId: number, leaseToken: string, signal?: AbortSignal) {
  const client = createAcClient({ ...runtime, url: conn.url, trusted: conn.trusted, key: conn.key, db, signal });
  const api = acApi(client);
  const [run] = await db.select().from(activeCampaignRuns).where(eq(activeCampaignRuns.id, runId));
  if (!run) return;
  const counts = { ...emptyCounts(), ...run.counts };
  let counted = 0;
  const persist = async (values: RunValues) => {
    counts.requests += client.requests - counted;
    counted = client.requests;
    const rows = await db
      .update(activeCampaignRuns)
      .set({ ...values, counts, leaseUntil: LEASE })
      .where(and(eq(activeCampaignRuns.id, runId), eq(activeCampaignRuns.leaseToken, leaseToken), eq(activeCampaignRuns.state, 'running')))
      .returning({ id: activeCampaignRuns.id });
    if (rows.length === 0) throw new LostLease();
  };
  try {
    await appendLog(
      db,
      runId,
      'info',
      run.cursor > 0 || run.phase !== 'contacts' ? 'Synchronisierung wird fortgesetzt.' : 'Synchronisierung gestartet.',
    );
    const ctx = await prepare(api, conn);
    // a bulk import a crash interrupted: find out what arrived before anything else is sent
    await resolveImports(db, api, runtime, () => persist({}), signal);
    const r: Run = { db, api, ctx, conn, runtime, counts, persist, runId, signal };
    let cursor = run.cursor;
    if (run.phase === 'contacts') {
      await contactsPhase(r, cursor);
      cursor = 0;
      await persist({ phase: 'leavers', cursor });
    }
    if (run.phase === 'contacts' || run.phase === 'leavers') await leaversPhase(r, cursor);
    await persist({ phase: 'done', state: 'finished', finishedAt: new Date(), leaseToken: null });
    await appendLog(db, runId, 'info', summary(counts));
  } catch (err) {
    if (err instanceof LostLease) return;
    // a failed run counts its requests; one stopped on purpose keeps the count of its last progress
    if (!(err instanceof AcError && err.kind === 'aborted')) counts.requests += client.requests - counted;
    await endRun(db, runId, leaseToken, counts, err);
  }
}

/** the consenting accounts by user id from `cursor` on, CONTACT_BATCH at a time */
async function contactsPhase(r: Run, from: number) {
  const { db, api, conn, counts, persist } = r;
  let cursor = from;
  for (;;) {
    const batch = await loadDesired(db, conn.tagNames, conn.listId, cursor, CONTACT_BATCH);
    if (batch.length === 0) return;
    // the portal's record of the batch in one query; unchanged contacts cost no request and no write
    const recordsOf = async () =>
      new Map(
        (
          await db
            .select()
            .from(activeCampaignContacts)
            .where(
              inArray(
                activeCampaignContacts.email,
                batch.map((d) => d.email),
              ),
            )
        ).map((row) => [row.email, row]),
      );
    let records = await recordsOf();
    // reads only: which changed contacts without a known ActiveCampaign id does the account know?
    const known = new Map<string, string | null>();
    for (const d of batch) {
      const rec = records.get(d.email);
      if (rec && (rec.contactId !== '' || (!rec.left && sameState(rec.state, d.state)))) continue;
      const found = await api.findByEmail(d.email);
      known.set(d.email, found ? String(found.id) : null);
      if (known.size % 20 === 0) await persist({});
    }
    // those it does not know go out in one bulk import (the rule "never re-subscribe" concerns only known ones)
    const fresh = batch.filter((d) => known.get(d.email) === null);
    // imported (or refused by the importer): done, only the cursor moves past them
    let handled = new Set<string>();
    if (fresh.length >= BULK_MIN) {
      handled = await importFresh(db, api, r.ctx, conn, r.runtime, fresh, counts, () => persist({}), r.runId, r.signal);
      records = await recordsOf();
    }
    let skipped = 0;
    for (const d of batch) {
      const changed = handled.has(d.email) ? false : await syncOne(db, api, r.ctx, conn, d, records.get(d.email), counts, known.get(d.email));
      cursor = d.userId;
      skipped++;
      // the cursor moves after every contact that was written; unchanged ones move it at the batch's end
      if (changed) {
        await persist({ cursor, done: sql`${activeCampaignRuns.done} + ${skipped}` as unknown as number });
        skipped = 0;
      }
    }
    if (skipped > 0) await persist({ cursor, done: sql`${activeCampaignRuns.done} + ${skipped}` as unknown as number });
  }
}

/** the portal's records from `cursor` on whose account no longer consents: unsubscribed (and untagged when deleted) */
async function leaversPhase(r: Run, from: number) {
  const { db, persist } = r;
  let cursor = from;
  const wanted = await consentingEmails(db);
  for (;;) {
    const rows = await db
      .select()
      .from(activeCampaignContacts)
      .where(gt(activeCampaignContacts.id, cursor))
      .orderBy(asc(activeCampaignContacts.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const row of rows) {
      cursor = row.id;
      if (!wanted.has(row.email) && !row.left) {
        await leaveOne(db, r.api, r.ctx, r.conn, row, r.counts);
        await persist({ cursor });
      }
    }
    await persist({ cursor });
  }
}

/** a run that stopped: on purpose (shutdown) the lease ends now so the next process resumes at once; else it failed */
async function endRun(db: Db, runId: number, leaseToken: string, counts: AcRunCounts, err: unknown) {
  const mine = and(eq(activeCampaignRuns.id, runId), eq(activeCampaignRuns.leaseToken, leaseToken));
  if (err instanceof AcError && err.kind === 'aborted') {
    await db
      .update(activeCampaignRuns)
      .set({ counts, leaseUntil: sql`clock_timestamp()` })
      .where(mine);
    return;
  }
  const message = err instanceof AcError ? err.message : 'Die Synchronisierung ist mit einem internen Fehler abgebrochen.';
  await db.update(activeCampaignRuns).set({ state: 'failed', error: message, finishedAt: new Date(), counts, leaseToken: null }).where(mine);
  await appendLog(db, runId, 'error', message);
  if (!(err instanceof AcError)) throw err;
}
