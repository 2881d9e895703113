import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { acApi, listStatus, type AcApi, type AcFullContact } from './ac-api';
import { AcError, createAcClient, type AcClientOptions } from './ac-client';
import { accountExists, consentingEmails, isOurTag, loadDesired, type Desired } from './ac-desired';
import {
  activeCampaignContacts,
  activeCampaignRuns,
  type AcContactState,
  type AcLogEntry,
  type AcRunCounts,
  type AcTagNames,
} from './active-campaign.table';

/** what a run needs of the settings (the key opened) */
export type AcConnection = { url: string; key: string; listId: string; tagNames: AcTagNames };
/** the client's timings; tests and the benchmark shorten them, production keeps the defaults */
export type AcRuntime = Pick<AcClientOptions, 'ratePerSecond' | 'timeoutMs' | 'maxAttempts' | 'backoffBaseMs' | 'onSend'>;

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
 * restart repeats at most the contact in hand, and that one's comparison finds it already written.
 */
export async function executeRun(db: Db, conn: AcConnection, runtime: AcRuntime, runId: number, leaseToken: string, signal?: AbortSignal) {
  const client = createAcClient({ ...runtime, url: conn.url, key: conn.key, db, signal });
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
    let phase = run.phase;
    let cursor = run.cursor;
    if (phase === 'contacts') {
      for (;;) {
        const batch = await loadDesired(db, conn.tagNames, conn.listId, cursor, BATCH);
        if (batch.length === 0) break;
        // the portal's record of the batch in one query; unchanged contacts cost no request and no write
        const records = new Map(
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
        let skipped = 0;
        for (const d of batch) {
          const changed = await syncOne(db, api, ctx, conn, d, records.get(d.email), counts);
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

/** true when the contact was compared with ActiveCampaign (and maybe written); false when the record says unchanged */
async function syncOne(db: Db, api: AcApi, ctx: Ctx, conn: AcConnection, d: Desired, mirror: MirrorRow | undefined, counts: AcRunCounts) {
  if (mirror && !mirror.left && sameState(mirror.state, d.state)) {
    counts.unchanged++;
    return false;
  }
  let full: AcFullContact | null = mirror ? await api.contact(mirror.contactId) : null;
  if (!full) {
    const found = await api.findByEmail(d.email);
    if (found) full = await api.contact(String(found.id));
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
  const full = await api.contact(row.contactId);
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
    await db.update(activeCampaignContacts).set({ left: new Date(), syncedAt: new Date() }).where(eq(activeCampaignContacts.id, row.id));
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
