import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { adminEnrolmentSchema, type AdminEnrolment } from '../../../src/shared/contracts/admin-programme';
import { idParam } from '../../../src/shared/contracts/common';
import { offeringEnrolmentList, type awardingEnrolmentList } from '../../../src/shared/contracts/programme-lists';
import { enrolmentStateLabels } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { defineList, germanSort, sliceRows, type Slice } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { actorOf, iso, notFoundError } from '../../lib/record-helpers';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { offeringEnrolments, offerings, type OfferingEnrolmentRow } from './programme.table';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import { userRef } from '../users/user-ref';

/**
 * GET /api/admin/offerings/{offeringId}/enrolments and its SPEC §3 exports (list kit, ADR 0007), and the admin shape
 * of enrolments. The awarding event's list (admin-awarding-enrolments.list.ts) is the same definition with another
 * scope. A read model (scripts/module-boundaries.cjs): one query joins the KiTa and the staff entry.
 */

const creator = userRef('enrolment_creator');

const position = sql<number | null>`case when ${offeringEnrolments.state} = 'waitlisted' then (
  select count(*)::int from offering_enrolments w
  where w.offering_id = ${offeringEnrolments.offeringId} and w.state = 'waitlisted'
    and (w.queued_at, w.id) <= (${offeringEnrolments.queuedAt}, ${offeringEnrolments.id})) end`;

export type AdminEnrolmentRow = {
  e: OfferingEnrolmentRow;
  offeringTitle: string;
  startsAt: Date;
  place: string;
  onlineUrl: string;
  facilityLabel: string;
  facilityPostalCode: string;
  facilityCity: string;
  facilityRegion: string;
  salutation: string;
  firstName: string;
  lastName: string;
  position: string;
  email: string;
  phone: string;
  waitlistPosition: number | null;
  c: { firstName: string | null; lastName: string | null; email: string | null } | null;
};

export function toAdminEnrolment(r: AdminEnrolmentRow): AdminEnrolment {
  return {
    id: r.e.id,
    offeringId: r.e.offeringId,
    offeringTitle: r.offeringTitle,
    startsAt: iso(r.startsAt),
    facilityId: r.e.facilityId,
    facilityLabel: r.facilityLabel,
    facilityPostalCode: r.facilityPostalCode,
    facilityCity: r.facilityCity,
    facilityRegion: r.facilityRegion,
    personId: r.e.personId,
    salutation: r.salutation,
    firstName: r.firstName,
    lastName: r.lastName,
    position: r.position,
    email: r.email,
    phone: r.phone,
    state: r.e.state,
    waitlistPosition: r.waitlistPosition === null ? null : Number(r.waitlistPosition),
    overCapacity: r.e.overCapacity,
    cancelReason: r.e.cancelReason,
    createdAt: iso(r.e.createdAt),
    createdBy: actorOf(r.e.createdBy, r.c?.email ? { firstName: r.c.firstName ?? '', lastName: r.c.lastName ?? '', email: r.c.email } : null),
    version: r.e.version,
  };
}

export function enrolmentSelect<E extends Record<string, SQL> = Record<never, SQL>>(db: DbOrTx, extra: E = {} as E) {
  return db
    .select({
      e: offeringEnrolments,
      offeringTitle: offerings.title,
      startsAt: offerings.startsAt,
      place: offerings.place,
      onlineUrl: offerings.onlineUrl,
      facilityLabel: facilities.label,
      facilityPostalCode: facilities.postalCode,
      facilityCity: facilities.city,
      facilityRegion: facilities.region,
      salutation: persons.salutation,
      firstName: persons.firstName,
      lastName: persons.lastName,
      position: persons.position,
      email: persons.email,
      phone: persons.phone,
      waitlistPosition: position,
      c: creator.name,
      ...extra,
    })
    .from(offeringEnrolments)
    .innerJoin(offerings, eq(offerings.id, offeringEnrolments.offeringId))
    .innerJoin(persons, eq(persons.id, offeringEnrolments.personId))
    .innerJoin(facilities, eq(facilities.id, offeringEnrolments.facilityId))
    .leftJoin(creator.table, creator.on(offeringEnrolments.createdBy));
}

/** the admin view of these enrolments */
export async function adminEnrolments(db: DbOrTx, where: SQL | undefined): Promise<AdminEnrolment[]> {
  const rows = await enrolmentSelect(db).where(where).orderBy(offeringEnrolments.id);
  return (rows as AdminEnrolmentRow[]).map(toAdminEnrolment);
}

/** file names: `anmeldungen-<offering>-<date>`; the offering's title in lower-case ASCII */
export function slug(title: string): string {
  return asciiSlug(title, '-', 60, true) || 'termin';
}

/** SPEC §3, in this order */
export const enrolmentExportColumns = [
  { header: 'Veranstaltung', value: (r: AdminEnrolmentRow) => r.offeringTitle, width: 36 },
  { header: 'Datum', value: (r: AdminEnrolmentRow) => r.startsAt, kind: 'date' as const, width: 12 },
  { header: 'Beginn', value: (r: AdminEnrolmentRow) => r.startsAt, kind: 'time' as const },
  { header: 'Ort', value: (r: AdminEnrolmentRow) => r.place || r.onlineUrl, width: 30 },
  { header: 'KiTa', value: (r: AdminEnrolmentRow) => r.facilityLabel, width: 32 },
  { header: 'PLZ', value: (r: AdminEnrolmentRow) => r.facilityPostalCode, kind: 'text' as const, width: 8 },
  { header: 'Ort der KiTa', value: (r: AdminEnrolmentRow) => r.facilityCity },
  { header: 'Regierungsbezirk', value: (r: AdminEnrolmentRow) => r.facilityRegion },
  { header: 'Anrede', value: (r: AdminEnrolmentRow) => r.salutation, width: 12 },
  { header: 'Vorname', value: (r: AdminEnrolmentRow) => r.firstName },
  { header: 'Nachname', value: (r: AdminEnrolmentRow) => r.lastName },
  { header: 'Funktion', value: (r: AdminEnrolmentRow) => r.position, width: 24 },
  { header: 'E-Mail', value: (r: AdminEnrolmentRow) => r.email, width: 30 },
  { header: 'Telefon', value: (r: AdminEnrolmentRow) => r.phone },
  { header: 'Status', value: (r: AdminEnrolmentRow) => enrolmentStateLabels[r.e.state], width: 12 },
  {
    header: 'Wartelistenplatz',
    value: (r: AdminEnrolmentRow) => (r.waitlistPosition === null ? null : Number(r.waitlistPosition)),
    kind: 'number' as const,
    width: 10,
  },
  { header: 'Angemeldet am', value: (r: AdminEnrolmentRow) => r.e.createdAt, kind: 'datetime' as const },
  {
    header: 'Angemeldet von',
    value: (r: AdminEnrolmentRow) => (r.c?.email ? `${r.c.firstName ?? ''} ${r.c.lastName ?? ''}`.trim() || r.c.email : ''),
    width: 24,
  },
];

const enrolmentSort = {
  createdAt: offeringEnrolments.createdAt,
  lastName: germanSort(persons.lastName),
  facilityLabel: germanSort(facilities.label),
  state: offeringEnrolments.state,
  waitlistPosition: position,
  startsAt: offerings.startsAt,
};

type EnrolmentCtx = { where: SQL; fileName: string };

function enrolmentRows(db: DbOrTx, q: { q?: string | undefined; state?: string | undefined }, s: Slice, ctx: EnrolmentCtx) {
  const search = q.q ? likePattern(q.q) : null;
  const where = and(
    ctx.where,
    q.state ? eq(offeringEnrolments.state, q.state as OfferingEnrolmentRow['state']) : undefined,
    search
      ? or(
          ilike(facilities.label, search),
          ilike(persons.firstName, search),
          ilike(persons.lastName, search),
          ilike(persons.email, search),
          ilike(facilities.city, search),
        )
      : undefined,
  );
  return sliceRows(enrolmentSelect(db, s.columns).$dynamic(), s, where);
}

/**
 * The enrolment list of one offering or of all workshops of one awarding event: one definition, two scopes. `scope`
 * finds the parent (404 when it doesn't exist) and says which enrolments belong to it and how the export is named.
 */
export function enrolmentListOf<C extends typeof offeringEnrolmentList | typeof awardingEnrolmentList, K extends string>(
  contract: C,
  url: string,
  param: K,
  scope: (db: DbOrTx, id: number) => Promise<{ id: number; title: string } | undefined>,
  where: (id: number) => SQL,
) {
  return defineList({
    contract,
    route: { url, access: 'admin', tags: ['admin programme'], params: z.object({ [param]: idParam } as Record<K, typeof idParam>) },
    context: async ({ db, params }): Promise<EnrolmentCtx> => {
      const parent = await scope(db, (params as Record<K, number>)[param]);
      if (!parent) throw notFoundError();
      return { where: where(parent.id), fileName: `anmeldungen-${slug(parent.title)}` };
    },
    sort: enrolmentSort,
    tieBreaker: offeringEnrolments.id,
    rows: enrolmentRows,
    item: toAdminEnrolment,
    itemSchema: adminEnrolmentSchema,
    export: { fileName: (ctx: EnrolmentCtx) => ctx.fileName, sheetName: 'Anmeldungen', columns: enrolmentExportColumns },
  });
}

export const offeringEnrolmentListDef = enrolmentListOf(
  offeringEnrolmentList,
  '/api/admin/offerings/:offeringId/enrolments',
  'offeringId',
  async (db, id) => (await db.select({ id: offerings.id, title: offerings.title }).from(offerings).where(eq(offerings.id, id)))[0],
  (id) => eq(offeringEnrolments.offeringId, id),
);
