import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { adminEnrolmentSchema, adminOfferingSchema, type AdminEnrolment, type AdminOffering } from '../../../src/shared/contracts/admin-programme';
import { idParam } from '../../../src/shared/contracts/common';
import { awardingEnrolmentList, adminOfferingList, offeringEnrolmentList } from '../../../src/shared/contracts/programme-lists';
import { enrolmentStateLabels, offeringKindLabels, offeringStateLabels } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { defineList, germanSort, type Slice } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { actorOf, iso, isoOrNull, notFoundError } from '../../lib/record-helpers';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { awardingEvents, offeringEnrolments, offerings, trainingModules, type OfferingEnrolmentRow, type OfferingRow } from './programme.table';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import { userRef } from '../users/user-ref';

/**
 * The admin lists of the programme on the list kit (ADR 0007): the dates of one kind with seats taken/free, and the
 * enrolments of one date or of all workshops of one awarding event with SPEC §3's export columns. A read model
 * (scripts/module-boundaries.cjs): one query joins the KiTa and the staff entry so the list pages, sorts and exports.
 */

const updater = userRef('offering_updater');
const creator = userRef('enrolment_creator');
const taken = sql<number>`(select count(*)::int from offering_enrolments t where t.offering_id = ${offerings.id} and t.state in ('confirmed', 'attended'))`;
const waiting = sql<number>`(select count(*)::int from offering_enrolments t where t.offering_id = ${offerings.id} and t.state = 'waitlisted')`;

export type AdminOfferingRow = {
  o: OfferingRow;
  moduleTitle: string | null;
  hostLabel: string | null;
  awardingEventTitle: string | null;
  taken: number;
  waiting: number;
  u: { firstName: string | null; lastName: string | null; email: string | null } | null;
};

export function toAdminOffering(r: AdminOfferingRow): AdminOffering {
  const o = r.o;
  const takenN = Number(r.taken);
  return {
    id: o.id,
    kind: o.kind,
    seasonId: o.seasonId,
    moduleId: o.moduleId,
    moduleTitle: r.moduleTitle,
    hostFacilityId: o.hostFacilityId,
    hostFacilityLabel: r.hostLabel,
    awardingEventId: o.awardingEventId,
    awardingEventTitle: r.awardingEventTitle,
    title: o.title,
    description: o.description,
    startsAt: iso(o.startsAt),
    endsAt: iso(o.endsAt),
    place: o.place,
    onlineUrl: o.onlineUrl,
    region: o.region,
    capacity: o.capacity,
    registrationOpensAt: isoOrNull(o.registrationOpensAt),
    registrationClosesAt: isoOrNull(o.registrationClosesAt),
    reminderDays: o.reminderDays,
    state: o.state,
    cancelReason: o.cancelReason,
    seatsTaken: takenN,
    seatsFree: Math.max(0, o.capacity - takenN),
    waitlistLength: Number(r.waiting),
    updatedAt: iso(o.updatedAt),
    updatedBy: actorOf(o.updatedBy, r.u?.email ? { firstName: r.u.firstName ?? '', lastName: r.u.lastName ?? '', email: r.u.email } : null),
    version: o.version,
  };
}

function offeringSelect(db: DbOrTx, extra: Record<string, SQL> = {}) {
  return db
    .select({
      o: offerings,
      moduleTitle: trainingModules.title,
      hostLabel: facilities.label,
      awardingEventTitle: awardingEvents.title,
      taken,
      waiting,
      u: updater.name,
      ...extra,
    })
    .from(offerings)
    .leftJoin(trainingModules, eq(trainingModules.id, offerings.moduleId))
    .leftJoin(facilities, eq(facilities.id, offerings.hostFacilityId))
    .leftJoin(awardingEvents, eq(awardingEvents.id, offerings.awardingEventId))
    .leftJoin(updater.table, updater.on(offerings.updatedBy));
}

/** one offering in the admin shape (404 if none) */
export async function adminOffering(db: DbOrTx, id: number): Promise<AdminOffering> {
  const [row] = await offeringSelect(db).where(eq(offerings.id, id));
  if (!row) throw notFoundError();
  return toAdminOffering(row as AdminOfferingRow);
}

export const adminOfferingListDef = defineList({
  contract: adminOfferingList,
  route: { url: '/api/admin/offerings', access: 'admin', tags: ['admin programme'] },
  context: () => null,
  sort: {
    startsAt: offerings.startsAt,
    title: germanSort(offerings.title),
    region: offerings.region,
    state: offerings.state,
    seatsFree: sql`(${offerings.capacity} - ${taken})`,
    moduleTitle: germanSort(trainingModules.title),
  },
  tieBreaker: offerings.id,
  rows: (db, q, s: Slice) => {
    const search = q.q ? likePattern(q.q) : null;
    const where = and(
      q.kind ? eq(offerings.kind, q.kind) : undefined,
      q.seasonId ? eq(offerings.seasonId, q.seasonId) : undefined,
      q.region ? eq(offerings.region, q.region) : undefined,
      q.moduleId ? eq(offerings.moduleId, q.moduleId) : undefined,
      q.awardingEventId ? eq(offerings.awardingEventId, q.awardingEventId) : undefined,
      q.state ? eq(offerings.state, q.state) : undefined,
      search
        ? or(ilike(offerings.title, search), ilike(offerings.place, search), ilike(trainingModules.title, search), ilike(facilities.label, search))
        : undefined,
      s.where,
    );
    const base = offeringSelect(db, s.columns)
      .where(where)
      .orderBy(...s.orderBy)
      .offset(s.offset);
    return (s.limit ? base.limit(s.limit) : base) as unknown as Promise<
      (AdminOfferingRow & { __sort: string | null; __tie: string; __total: number })[]
    >;
  },
  item: toAdminOffering,
  itemSchema: adminOfferingSchema,
  export: {
    fileName: 'termine',
    sheetName: 'Termine',
    columns: [
      { header: 'Titel', value: (r: AdminOfferingRow) => r.o.title, width: 36 },
      { header: 'Art', value: (r) => offeringKindLabels[r.o.kind] },
      { header: 'Modul / Veranstaltung', value: (r) => r.moduleTitle ?? r.awardingEventTitle ?? r.hostLabel ?? '', width: 28 },
      { header: 'Beginn', value: (r) => r.o.startsAt, kind: 'datetime' },
      { header: 'Ende', value: (r) => r.o.endsAt, kind: 'datetime' },
      { header: 'Ort', value: (r) => r.o.place, width: 30 },
      { header: 'Online-Link', value: (r) => r.o.onlineUrl, width: 30 },
      { header: 'Regierungsbezirk', value: (r) => r.o.region },
      { header: 'Plätze', value: (r) => r.o.capacity, kind: 'number', width: 10 },
      { header: 'Belegt', value: (r) => Number(r.taken), kind: 'number', width: 10 },
      { header: 'Frei', value: (r) => Math.max(0, r.o.capacity - Number(r.taken)), kind: 'number', width: 10 },
      { header: 'Warteliste', value: (r) => Number(r.waiting), kind: 'number', width: 10 },
      { header: 'Status', value: (r) => offeringStateLabels[r.o.state] },
      { header: 'Anmeldung ab', value: (r) => r.o.registrationOpensAt, kind: 'datetime' },
      { header: 'Anmeldeschluss', value: (r) => r.o.registrationClosesAt, kind: 'datetime' },
    ],
  },
});

// ---------------------------------------------------------------------------------------------------------------
// enrolments of one offering / of one awarding event

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

export function enrolmentSelect(db: DbOrTx, extra: Record<string, SQL> = {}) {
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
    s.where,
  );
  const base = enrolmentSelect(db, s.columns)
    .where(where)
    .orderBy(...s.orderBy)
    .offset(s.offset);
  return (s.limit ? base.limit(s.limit) : base) as unknown as Promise<
    (AdminEnrolmentRow & { __sort: string | null; __tie: string; __total: number })[]
  >;
}

/**
 * The enrolment list of one offering or of all workshops of one awarding event: one definition, two scopes. `scope`
 * finds the parent (404 when it doesn't exist) and says which enrolments belong to it and how the export is named.
 */
function enrolmentListOf<C extends typeof offeringEnrolmentList | typeof awardingEnrolmentList, K extends string>(
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

export const awardingEnrolmentListDef = enrolmentListOf(
  awardingEnrolmentList,
  '/api/admin/awarding-events/:awardingEventId/enrolments',
  'awardingEventId',
  async (db, id) =>
    (await db.select({ id: awardingEvents.id, title: awardingEvents.title }).from(awardingEvents).where(eq(awardingEvents.id, id)))[0],
  (id) => eq(offerings.awardingEventId, id),
);
