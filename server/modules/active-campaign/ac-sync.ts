import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acApi, listStatus, type AcApi, type AcFullContact } from './ac-api';
import { AcError, createAcClient, sleep, type AcClientOptions } from './ac-client';
import { accountExists, consentingEmails, isOurTag, loadDesired, type Desired } from './ac-desired';
import {
  activeCampaignContacts,
  activeCampaignRuns,
  type AcContactState,
  type AcLogEntry,
  type AcRunCounts,
  type AcTagNames,
} from './active-campaign.table';

/** what a run needs of the settings (the key opened); `trusted`: the operator's address (ACTIVECAMPAIGN_URL) */
export type AcConnection = { url: string; trusted: boolean; key: string; listId: string; tagNames: AcTagNames };
/**
 * The client's timings; tests and the benchmark shorten them, production keeps the defaults. `outboundPolicy`: what an
 * admin-typed address may reach (default https to public addresses; tests pass one that lets the local stand-in count
 * as public).
 */
export type AcRuntime = Pick<AcClientOptions, 'ratePerSecond' | 'timeoutMs' | 'maxAttempts' | 'backoffBaseMs' | 'onSend' | 'outboundPolicy'> & {
  /** ms between two reads of a bulk import's state (default 2 s) */
  importPollMs?: number;
  /** how long a run waits for ActiveCampaign to process a bulk import (default 15 minutes) */
  importWaitMs?: number;
};

export const emptyCounts = (): AcRunCounts => ({
  added: 0,
  updated: 0,
  unsubscribed: 0,
  untagged: 0,
  tagsAdded: 0,
  tagsRemoved: 0,
  unchanged: 0,
  keptUnsubscribed: 0,
  requests: 0,
});

export const fieldTitles = { kita: { title: 'KiTa', perstag: 'KITA' }, region: { title: 'Regierungsbezirk', perstag: 'REGIERUNGSBEZIRK' } } as const;
const LEASE = sql`clock_timestamp() + interval '2 minutes'`;
const BATCH = 100;
/** consenting accounts per step of the contacts phase: the bulk importer's most per call */
const CONTACT_BATCH = 250;
/** ActiveCampaign: "If you need to upload 10 or fewer contacts at a time, please use the Contacts API" */
const BULK_MIN = 11;

class LostLease extends Error {}

export async function appendLog(db: Db, runId: number, level: AcLogEntry['level'], message: string) {
  const entry = JSON.stringify([{ at: new Date().toISOString(), level, message }]);
  // the log keeps its last 200 lines
  await db
    .update(activeCampaignRuns)
    .set({
      log: sql`(case when jsonb_array_length(${activeCampaignRuns.log}) >= 200 then ${activeCampaignRuns.log} - 0 else ${activeCampaignRuns.log} end) || ${entry}::jsonb`,
    })
    .where(eq(activeCampaignRuns.id, runId));
}

type MirrorRow = typeof activeCampaignContacts.$inferSelect;

export const sameState = (a: AcContactState | null, b: AcContactState) =>
  !!a &&
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.kita === b.kita &&
  a.region === b.region &&
  a.listId === b.listId &&
  a.tags.join('\n') === b.tags.join('\n');

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
  const persist = async (values: Partial<typeof activeCampaignRuns.$inferInsert>) => {
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
    let phase = run.phase;
    let cursor = run.cursor;
    if (phase === 'contacts') {
      for (;;) {
        const batch = await loadDesired(db, conn.tagNames, conn.listId, cursor, CONTACT_BATCH);
        if (batch.length === 0) break;
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
            ).map((r) => [r.email, r]),
          );
        let records = await recordsOf();
        // reads only: which changed contacts without a known ActiveCampaign id does the account know?
        const known = new Map<string, string | null>();
        for (const d of batch) {
          const r = records.get(d.email);
          if (r && (r.contactId !== '' || (!r.left && sameState(r.state, d.state)))) continue;
          const found = await api.findByEmail(d.email);
          known.set(d.email, found ? String(found.id) : null);
          if (known.size % 20 === 0) await persist({});
        }
        // those it does not know go out in one bulk import (the rule "never re-subscribe" concerns only known ones)
        const fresh = batch.filter((d) => known.get(d.email) === null);
        // imported (or refused by the importer): done, only the cursor moves past them
        let handled = new Set<string>();
        if (fresh.length >= BULK_MIN) {
          handled = await importFresh(db, api, ctx, conn, runtime, fresh, counts, () => persist({}), runId, signal);
          records = await recordsOf();
        }
        let skipped = 0;
        for (const d of batch) {
          const changed = handled.has(d.email) ? false : await syncOne(db, api, ctx, conn, d, records.get(d.email), counts, known.get(d.email));
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
      phase = 'leavers';
      cursor = 0;
      await persist({ phase, cursor });
    }
    if (phase === 'leavers') {
      const wanted = await consentingEmails(db);
      for (;;) {
        const rows = await db
          .select()
          .from(activeCampaignContacts)
          .where(gt(activeCampaignContacts.id, cursor))
          .orderBy(asc(activeCampaignContacts.id))
          .limit(BATCH);
        if (rows.length === 0) break;
        for (const row of rows) {
          cursor = row.id;
          if (!wanted.has(row.email) && !row.left) {
            await leaveOne(db, api, ctx, conn, row, counts);
            await persist({ cursor });
          }
        }
        await persist({ cursor });
      }
    }
    await persist({ phase: 'done', state: 'finished', finishedAt: new Date(), leaseToken: null });
    await appendLog(db, runId, 'info', summary(counts));
  } catch (err) {
    if (err instanceof LostLease) return;
    if (err instanceof AcError && err.kind === 'aborted') {
      // stopped on purpose (shutdown): the lease ends now, so the next process resumes at once
      await db
        .update(activeCampaignRuns)
        .set({ counts, leaseUntil: sql`clock_timestamp()` })
        .where(and(eq(activeCampaignRuns.id, runId), eq(activeCampaignRuns.leaseToken, leaseToken)));
      return;
    }
    const message = err instanceof AcError ? err.message : 'Die Synchronisierung ist mit einem internen Fehler abgebrochen.';
    counts.requests += client.requests - counted;
    await db
      .update(activeCampaignRuns)
      .set({ state: 'failed', error: message, finishedAt: new Date(), counts, leaseToken: null })
      .where(and(eq(activeCampaignRuns.id, runId), eq(activeCampaignRuns.leaseToken, leaseToken)));
    await appendLog(db, runId, 'error', message);
    if (!(err instanceof AcError)) throw err;
  }
}

const summary = (c: AcRunCounts) =>
  `Fertig: ${c.added} hinzugefügt, ${c.updated} aktualisiert, ${c.unsubscribed} abgemeldet, ${c.unchanged} unverändert, ` +
  `${c.tagsAdded} Tags gesetzt, ${c.tagsRemoved} Tags entfernt, ${c.requests} Anfragen.`;

type Ctx = { tagIds: Map<string, string>; tagNames: Map<string, string>; kitaField: string; regionField: string; managedTagId: string };

/** the account's tags and the two fields (created when missing) */
async function prepare(api: AcApi, conn: AcConnection): Promise<Ctx> {
  const tags = await api.tags();
  const tagIds = new Map(tags.map((t) => [t.tag, String(t.id)]));
  const tagNames = new Map(tags.map((t) => [String(t.id), t.tag]));
  const fields = await api.fields();
  const fieldId = async (f: { title: string; perstag: string }) =>
    String((fields.find((x) => x.perstag === f.perstag) ?? (await api.createField(f.title, f.perstag))).id);
  const ctx: Ctx = { tagIds, tagNames, kitaField: await fieldId(fieldTitles.kita), regionField: await fieldId(fieldTitles.region), managedTagId: '' };
  ctx.managedTagId = await tagId(api, ctx, conn.tagNames.managed);
  return ctx;
}

async function tagId(api: AcApi, ctx: Ctx, name: string): Promise<string> {
  let id = ctx.tagIds.get(name);
  if (!id) {
    id = String((await api.createTag(name)).id);
    ctx.tagIds.set(name, id);
    ctx.tagNames.set(id, name);
  }
  return id;
}

/**
 * true when the contact was compared with ActiveCampaign (and maybe written); false when the record says unchanged.
 * `known`: the contact id the batch's look-up by e-mail found (null: the account does not know the address).
 */
async function syncOne(
  db: Db,
  api: AcApi,
  ctx: Ctx,
  conn: AcConnection,
  d: Desired,
  mirror: MirrorRow | undefined,
  counts: AcRunCounts,
  known?: string | null,
) {
  if (mirror && !mirror.left && sameState(mirror.state, d.state)) {
    counts.unchanged++;
    return false;
  }
  let full: AcFullContact | null = mirror?.contactId ? await api.contact(mirror.contactId) : null;
  if (!full) {
    const id = known !== undefined && !mirror?.contactId ? known : ((await api.findByEmail(d.email))?.id ?? null);
    if (id) full = await api.contact(String(id));
  }
  const s = d.state;
  const wantFields = [
    { field: ctx.kitaField, value: s.kita },
    { field: ctx.regionField, value: s.region },
  ];
  const remoteValue = (field: string) => full?.fieldValues.find((v) => String(v.field) === field)?.value ?? '';
  const differs =
    !full ||
    (full.contact.firstName ?? '') !== s.firstName ||
    (full.contact.lastName ?? '') !== s.lastName ||
    wantFields.some((f) => remoteValue(f.field) !== f.value);
  let contactId = full ? String(full.contact.id) : '';
  if (differs) {
    const c = await api.syncContact({ email: d.email, firstName: s.firstName, lastName: s.lastName, fieldValues: wantFields });
    contactId = String(c.id);
    if (full) counts.updated++;
    else counts.added++;
  }
  let touched = false;
  const have = new Map((full?.contactTags ?? []).map((ct) => [String(ct.tag), String(ct.id)]));
  const wanted = new Set<string>();
  // the managed tag first: a contact written but not yet tagged would otherwise not count as ours after a crash
  for (const name of [conn.tagNames.managed, ...s.tags.filter((t) => t !== conn.tagNames.managed)]) {
    const id = await tagId(api, ctx, name);
    wanted.add(id);
    if (!have.has(id)) {
      await api.addTag(contactId, id);
      counts.tagsAdded++;
      touched = true;
    }
  }
  const onList = full?.contactLists.find((cl) => String(cl.list) === conn.listId);
  if (!onList) {
    await api.setListStatus(contactId, conn.listId, listStatus.active);
    touched = true;
  }
  // unsubscribed or bounced on the list: never subscribed again (the person's own decision in ActiveCampaign)
  else if (String(onList.status) === listStatus.unsubscribed || String(onList.status) === listStatus.bounced) counts.keptUnsubscribed++;
  else if (String(onList.status) !== listStatus.active) {
    await api.setListStatus(contactId, conn.listId, listStatus.active);
    touched = true;
  }
  for (const [tag, contactTagId] of have) {
    const name = ctx.tagNames.get(tag);
    if (!wanted.has(tag) && name !== undefined && isOurTag(name, conn.tagNames)) {
      await api.removeTag(contactTagId);
      counts.tagsRemoved++;
      touched = true;
    }
  }
  if (!differs && full) {
    if (touched) counts.updated++;
    else counts.unchanged++;
  }
  await db
    .insert(activeCampaignContacts)
    .values({ email: d.email, userId: d.userId, contactId, state: s, left: null, syncedAt: new Date() })
    .onConflictDoUpdate({ target: activeCampaignContacts.email, set: { userId: d.userId, contactId, state: s, left: null, syncedAt: new Date() } });
  return true;
}

/** a managed contact whose consent ended (unsubscribed) or whose account was deleted (unsubscribed and untagged) */
async function leaveOne(db: Db, api: AcApi, ctx: Ctx, conn: AcConnection, row: MirrorRow, counts: AcRunCounts) {
  // a contact of a bulk import: its id is looked up by e-mail the first time it is needed
  const id = row.contactId || ((await api.findByEmail(row.email))?.id ?? null);
  const full = id ? await api.contact(String(id)) : null;
  const forget = () => db.delete(activeCampaignContacts).where(eq(activeCampaignContacts.id, row.id));
  if (!full) return void (await forget());
  // only contacts carrying the portal's managed tag are touched
  if (!full.contactTags.some((ct) => String(ct.tag) === ctx.managedTagId)) return void (await forget());
  const onList = full.contactLists.find((cl) => String(cl.list) === conn.listId);
  if (onList && String(onList.status) === listStatus.active) {
    await api.setListStatus(String(full.contact.id), conn.listId, listStatus.unsubscribed);
    counts.unsubscribed++;
  }
  if (await accountExists(db, row.email)) {
    await db
      .update(activeCampaignContacts)
      .set({ left: new Date(), contactId: String(full.contact.id), syncedAt: new Date() })
      .where(eq(activeCampaignContacts.id, row.id));
    return;
  }
  for (const ct of full.contactTags) {
    const name = ctx.tagNames.get(String(ct.tag));
    if (name !== undefined && isOurTag(name, conn.tagNames)) {
      await api.removeTag(String(ct.id));
      counts.tagsRemoved++;
    }
  }
  counts.untagged++;
  await forget();
}

/**
 * The contacts the account does not know, in one bulk import (≤ 250, `POST /import/bulk_import`): names, the two
 * fields, the tags by name (created first, so the portal knows their ids) and the subscription to the list. Recorded
 * before it goes out (`import_batch`), so a crash leaves a trace; marked done when ActiveCampaign reports the import
 * completed. Answers the addresses dealt with: imported, or refused by the importer (logged, their records dropped,
 * so the next run tries them again); empty when the outcome had to be looked up (the caller compares them one by one).
 */
async function importFresh(
  db: Db,
  api: AcApi,
  ctx: Ctx,
  conn: AcConnection,
  runtime: AcRuntime,
  fresh: Desired[],
  counts: AcRunCounts,
  renew: () => Promise<void>,
  runId: number,
  signal?: AbortSignal,
): Promise<Set<string>> {
  for (const d of fresh) for (const name of d.state.tags) await tagId(api, ctx, name);
  const token = randomUUID();
  const now = new Date();
  await db
    .insert(activeCampaignContacts)
    .values(fresh.map((d) => ({ email: d.email, userId: d.userId, contactId: '', state: d.state, left: null, importBatch: token, syncedAt: now })))
    .onConflictDoUpdate({
      target: activeCampaignContacts.email,
      set: { userId: sql`excluded.user_id`, contactId: '', state: sql`excluded.state`, left: null, importBatch: token, syncedAt: now },
    });
  const mine = eq(activeCampaignContacts.importBatch, token);
  let batchId: string;
  try {
    batchId = (
      await api.bulkImport(
        fresh.map((d) => ({
          email: d.email,
          first_name: d.state.firstName,
          last_name: d.state.lastName,
          fields: [
            { id: Number(ctx.kitaField), value: d.state.kita },
            { id: Number(ctx.regionField), value: d.state.region },
          ],
          tags: d.state.tags,
          subscribe: [{ listid: Number(conn.listId) }],
        })),
      )
    ).batchId;
  } catch (err) {
    // refused (4xx): nothing was imported; no clear answer: what arrived is looked up, the rest goes one by one
    if (err instanceof AcError && err.kind === 'http') await db.delete(activeCampaignContacts).where(mine);
    if (!(err instanceof AcError && err.kind === 'uncertain')) throw err;
    await appendLog(
      db,
      runId,
      'warn',
      `Ein Import von ${fresh.length} Kontakten bekam keine klare Antwort (${err.message}); es wird geprüft, was ankam.`,
    );
    await resolveImports(db, api, runtime, renew, signal, token);
    return new Set();
  }
  const info = await waitForImport(api, runtime, batchId, renew, signal);
  if (info.status !== 'completed') {
    await appendLog(
      db,
      runId,
      'warn',
      `ActiveCampaign meldet den Import von ${fresh.length} Kontakten als „${String(info.status)}“; es wird geprüft, was ankam.`,
    );
    await resolveImports(db, api, runtime, renew, signal, token);
    return new Set();
  }
  const refused = new Set((info.failure ?? []).map((e) => e.toLowerCase()));
  if (refused.size > 0) {
    await db.delete(activeCampaignContacts).where(and(mine, inArray(activeCampaignContacts.email, [...refused])));
    await appendLog(
      db,
      runId,
      'warn',
      `ActiveCampaign hat ${refused.size} Adressen beim Import nicht übernommen: ${[...refused].slice(0, 10).join(', ')}`,
    );
  }
  await db.update(activeCampaignContacts).set({ importBatch: null, syncedAt: new Date() }).where(mine);
  for (const d of fresh) {
    if (refused.has(d.email)) continue;
    counts.added++;
    counts.tagsAdded += d.state.tags.length;
  }
  return new Set(fresh.map((d) => d.email));
}

const importWaitMessage =
  'ActiveCampaign hat einen Import nicht in der erwarteten Zeit verarbeitet. Der nächste Lauf prüft, was angekommen ist, und setzt fort.';

/** polls `GET /import/info` until the import is completed, failed or interrupted */
async function waitForImport(api: AcApi, runtime: AcRuntime, batchId: string, renew: () => Promise<void>, signal?: AbortSignal) {
  const pollMs = runtime.importPollMs ?? 2000;
  const deadline = Date.now() + (runtime.importWaitMs ?? 15 * 60_000);
  for (;;) {
    // ActiveCampaign: a status read right after the import may answer `false`; the first read waits one interval
    await sleep(pollMs, signal);
    const info = await api.importInfo(batchId);
    if (info.status === 'completed' || info.status === 'failed' || info.status === 'interrupted') return info;
    if (Date.now() > deadline) throw new AcError('http', importWaitMessage);
    await renew();
  }
}

/**
 * Contacts recorded for a bulk import whose outcome the portal did not see (a crash, no clear answer, a failed
 * batch): once the account has no import left in its queue, each address is looked up. Found: the import arrived;
 * the record keeps the id and forgets the state, so the contact is compared with ActiveCampaign like any changed one
 * and only what differs is written. Not found: it never arrived; the record is dropped and the contact sent again.
 */
async function resolveImports(db: Db, api: AcApi, runtime: AcRuntime, renew: () => Promise<void>, signal?: AbortSignal, token?: string) {
  const rows = await db
    .select()
    .from(activeCampaignContacts)
    .where(token ? eq(activeCampaignContacts.importBatch, token) : isNotNull(activeCampaignContacts.importBatch));
  if (rows.length === 0) return;
  const pollMs = runtime.importPollMs ?? 2000;
  const deadline = Date.now() + (runtime.importWaitMs ?? 15 * 60_000);
  while ((await api.importsOutstanding()) > 0) {
    if (Date.now() > deadline) throw new AcError('http', importWaitMessage);
    await renew();
    await sleep(pollMs, signal);
  }
  for (const [i, row] of rows.entries()) {
    if (i % 20 === 19) await renew();
    const found = await api.findByEmail(row.email);
    if (found) {
      await db
        .update(activeCampaignContacts)
        .set({ contactId: String(found.id), state: null, importBatch: null, syncedAt: new Date() })
        .where(eq(activeCampaignContacts.id, row.id));
    } else await db.delete(activeCampaignContacts).where(eq(activeCampaignContacts.id, row.id));
  }
}
