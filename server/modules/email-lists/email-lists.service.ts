import { asc, eq } from 'drizzle-orm';
import {
  contactKindLabels,
  emailListCriteriaSchema,
  exclusionRuleLabels,
  type EmailListQuery,
  type LeftOutContact,
  type SavedEmailList,
} from '../../../src/shared/contracts/email-lists';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import type { Db, DbOrTx } from '../../db/client';
import type { Column } from '../../lib/export-format';
import { fail } from '../../lib/http-error';
import { actorOf, iso } from '../../lib/record-helpers';
import { versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { users } from '../users/users.table';
import {
  type AddressRow,
  addressBatches,
  countAddresses,
  leftOutBatches,
  leftOutPage,
  nextSeason,
  previewAddresses,
  resolveSeason,
} from './email-lists.queries';
import type { SeasonRef } from '../seasons/season-history';
import { type EmailListRow, emailLists } from './email-lists.table';

export async function previewList(db: Db, q: EmailListQuery, page: { offset: number; limit: number }) {
  const season = await resolveSeason(db, q.criteria.seasonId);
  return previewAddresses(db, q, season, page);
}

/** who the criteria leave out and why, one page */
export async function leftOut(db: Db, q: EmailListQuery, page: { offset: number; limit: number }) {
  return leftOutPage(db, q, await resolveSeason(db, q.criteria.seasonId), page);
}

export const leftOutColumns: Column<LeftOutContact>[] = [
  { header: 'Grund', value: (r) => exclusionRuleLabels[r.rule], width: 24 },
  { header: 'Name', value: (r) => r.name, width: 24 },
  { header: 'KiTa', value: (r) => r.facility, width: 30 },
  { header: 'Funktion', value: (r) => r.position },
  { header: 'Art', value: (r) => contactKindLabels[r.kind] },
  { header: 'E-Mail', value: (r) => r.email, width: 30 },
];

/** the left-out contacts as a file (names: personal data), audited like the addresses' export */
export async function exportLeftOut(db: Db, q: EmailListQuery, ctx: Ctx) {
  const season = await resolveSeason(db, q.criteria.seasonId);
  const { total } = await leftOutPage(db, q, season, { limit: 1, offset: 0 });
  await audit(db, {
    ...ctx,
    action: 'email_list.export',
    entityType: 'email_list',
    entityId: null,
    after: { criteria: q.criteria, purpose: q.purpose, format: 'csv', leftOut: total },
  });
  return { fileName: 'email-adressen-ausgelassen', batches: leftOutBatches(db, q, season) };
}

export const exportColumns: Column<AddressRow>[] = [
  { header: 'Name', value: (r) => r.name, width: 24 },
  { header: 'E-Mail', value: (r) => r.email, width: 30 },
  { header: 'KiTa', value: (r) => r.facility, width: 30 },
  { header: 'Funktion', value: (r) => r.position },
  { header: 'Regierungsbezirk', value: (r) => r.region },
  { header: 'Warum enthalten', value: (r) => r.kinds.map((k) => contactKindLabels[k]).join(', ') },
];

/**
 * The addresses of an export, audited before the first byte (who took which list when: DSGVO accountability).
 * The entry names the list (or the criteria of an unsaved one), the purpose, the format and the count.
 */
export async function exportAddresses(db: Db, q: EmailListQuery, format: 'csv' | 'xlsx', ctx: Ctx, list?: EmailListRow) {
  const season = await resolveSeason(db, q.criteria.seasonId);
  const { count } = await countAddresses(db, q, season);
  await audit(db, {
    ...ctx,
    action: 'email_list.export',
    entityType: 'email_list',
    entityId: list?.id ?? null,
    after: { ...(list ? { name: list.name } : { criteria: q.criteria }), purpose: q.purpose, format, count },
  });
  const base = list ? `email-adressen-${asciiSlug(list.name, '-', 40)}` : 'email-adressen';
  return { fileName: base, batches: addressBatches(db, q, season) };
}

/** the season a copy of a list would be for: the one after the list's season (the current one when it names none) */
async function copyTarget(db: DbOrTx, seasonId: number | null): Promise<{ from: SeasonRef; to: SeasonRef } | null> {
  const from = await resolveSeason(db, seasonId);
  const to = from ? await nextSeason(db, from) : null;
  return from && to ? { from, to } : null;
}

const savedOf = async (
  db: DbOrTx,
  row: EmailListRow,
  updatedBy: { firstName: string; lastName: string; email: string } | null,
): Promise<SavedEmailList> => ({
  id: row.id,
  name: row.name,
  // stored criteria pass the contract again: a criterion added later gets its default
  criteria: emailListCriteriaSchema.parse(row.criteria),
  purpose: row.purpose,
  version: row.version,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  updatedBy: actorOf(row.updatedBy, updatedBy),
  // the page offers "Ins nächste KiTa-Jahr kopieren" only where there is a season to copy to
  copyTo: await copyTarget(db, emailListCriteriaSchema.parse(row.criteria).seasonId).then((t) =>
    t ? { seasonId: t.to.id, label: t.to.label } : null,
  ),
});

async function readList(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ list: emailLists, by: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(emailLists)
    .leftJoin(users, eq(users.id, emailLists.updatedBy))
    .where(eq(emailLists.id, id));
  if (!row) throw fail('email_lists.list_missing');
  return row;
}

export async function findList(db: DbOrTx, id: number): Promise<EmailListRow> {
  return (await readList(db, id)).list;
}

export async function getList(db: DbOrTx, id: number): Promise<SavedEmailList> {
  const row = await readList(db, id);
  return savedOf(db, row.list, row.by);
}

export async function listLists(db: Db): Promise<SavedEmailList[]> {
  const rows = await db
    .select({ list: emailLists, by: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
    .from(emailLists)
    .leftJoin(users, eq(users.id, emailLists.updatedBy))
    .orderBy(asc(emailLists.name), asc(emailLists.id));
  return Promise.all(rows.map((r) => savedOf(db, r.list, r.by)));
}

type ListInput = EmailListQuery & { name: string };

export async function createList(db: Db, input: ListInput, ctx: Ctx, action: 'email_list.create' | 'email_list.copy' = 'email_list.create') {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailLists)
      .values({ name: input.name, criteria: input.criteria, purpose: input.purpose, createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, {
      ...ctx,
      action,
      entityType: 'email_list',
      entityId: row!.id,
      after: { name: row!.name, criteria: row!.criteria, purpose: row!.purpose },
    });
    return getList(tx, row!.id);
  });
}

export async function updateList(db: Db, id: number, input: ListInput & { version: number }, ctx: Ctx) {
  return db.transaction(async (tx) => {
    await versionedUpdate(tx, {
      table: emailLists,
      id,
      version: input.version,
      load: (t) => findList(t, id),
      values: { name: input.name, criteria: input.criteria, purpose: input.purpose },
      editable: (r) => ({ name: r.name, criteria: r.criteria, purpose: r.purpose }),
      skipUnchanged: true,
      audit: { action: 'email_list.update', entityType: 'email_list' },
      ctx,
    });
    return getList(tx, id);
  });
}

export async function deleteList(db: Db, id: number, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const row = await findList(tx, id);
    await tx.delete(emailLists).where(eq(emailLists.id, id));
    await audit(tx, {
      ...ctx,
      action: 'email_list.delete',
      entityType: 'email_list',
      entityId: id,
      before: { name: row.name, criteria: row.criteria, purpose: row.purpose },
    });
  });
}

/** "2026-27" → "2026/27", the way names and labels write a season */
const shortLabel = (identifier: string) => identifier.replace('-', '/');

/**
 * A copy for the next season: the KiTa-Jahr moves to the season after the list's one (the current season when the
 * list names none), every other criterion stays (they are read relative to the KiTa-Jahr), and the season in the
 * name moves too ("Leitungen 2026/27" → "Leitungen 2027/28"; otherwise the new season is appended).
 */
export async function copyToNextSeason(db: Db, id: number, ctx: Ctx) {
  const list = await findList(db, id);
  const criteria = emailListCriteriaSchema.parse(list.criteria);
  const target = await copyTarget(db, criteria.seasonId);
  if (!target) throw fail('email_lists.no_next_season');
  const { from, to } = target;
  const [old, next] = [shortLabel(from.identifier), shortLabel(to.identifier)];
  const name = list.name.includes(old) ? list.name.replaceAll(old, next) : `${list.name} (${next})`;
  return createList(db, { name: name.slice(0, 120), criteria: { ...criteria, seasonId: to.id }, purpose: list.purpose }, ctx, 'email_list.copy');
}

export function listQueryOf(row: EmailListRow): EmailListQuery {
  return { criteria: emailListCriteriaSchema.parse(row.criteria), purpose: row.purpose };
}
