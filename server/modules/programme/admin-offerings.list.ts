import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { adminOfferingSchema, type AdminOffering } from '../../../src/shared/contracts/admin-programme';
import { adminOfferingList } from '../../../src/shared/contracts/programme-lists';
import { offeringKindLabels, offeringStateLabels } from '../../../src/shared/contracts/programme';
import type { DbOrTx } from '../../db/client';
import { defineList, germanSort, sliceRows, type Slice } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { actorOf, iso, isoOrNull, notFoundError } from '../../lib/record-helpers';
import { facilities } from '../facilities/facilities.table';
import { awardingEvents, offerings, trainingModules, type OfferingRow } from './programme.table';
import { userRef } from '../users/user-ref';
import { offeringNeeds, seatsTaken } from './offering-attention';

/**
 * GET /api/admin/offerings and its exports (list kit, ADR 0007): the dates of one kind with seats taken and free,
 * and the admin shape of one date. A read model (scripts/module-boundaries.cjs): one query joins the host KiTa.
 */

const updater = userRef('offering_updater');
const taken = seatsTaken;
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

function offeringSelect<E extends Record<string, SQL> = Record<never, SQL>>(db: DbOrTx, extra: E = {} as E) {
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
      q.needs ? offeringNeeds[q.needs] : undefined,
      search
        ? or(ilike(offerings.title, search), ilike(offerings.place, search), ilike(trainingModules.title, search), ilike(facilities.label, search))
        : undefined,
    );
    return sliceRows(offeringSelect(db, s.columns).$dynamic(), s, where);
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
