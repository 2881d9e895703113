import type { Db } from '../../db/client';
import { listStatus, type AcApi, type AcFullContact } from './ac-api';
import type { AcClientOptions } from './ac-client';
import { accountExists, isOurTag, type Desired } from './ac-desired';
import { activeCampaignContacts, type AcContactState, type AcRunCounts, type AcTagNames } from './active-campaign.table';
import { eq } from 'drizzle-orm';

/*
 * One contact of a sync run (the run itself: ac-sync.ts; bulk imports: ac-bulk-import.ts): the account's tags and
 * fields, a consenting account compared and written, a leaver unsubscribed.
 */

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
export type MirrorRow = typeof activeCampaignContacts.$inferSelect;

export const sameState = (a: AcContactState | null, b: AcContactState) =>
  !!a &&
  a.firstName === b.firstName &&
  a.lastName === b.lastName &&
  a.kita === b.kita &&
  a.region === b.region &&
  a.listId === b.listId &&
  a.tags.join('\n') === b.tags.join('\n');

export type Ctx = { tagIds: Map<string, string>; tagNames: Map<string, string>; kitaField: string; regionField: string; managedTagId: string };

/** the account's tags and the two fields (created when missing) */
export async function prepare(api: AcApi, conn: AcConnection): Promise<Ctx> {
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

export async function tagId(api: AcApi, ctx: Ctx, name: string): Promise<string> {
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
export async function syncOne(
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
export async function leaveOne(db: Db, api: AcApi, ctx: Ctx, conn: AcConnection, row: MirrorRow, counts: AcRunCounts) {
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
