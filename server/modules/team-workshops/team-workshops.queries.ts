import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TeamWorkshopApplication } from '../../../src/shared/contracts/team-workshops';
import type { DbOrTx } from '../../db/client';
import { actorOf, iso, isoOrNull } from '../../lib/record-helpers';
import { teamWorkshopApplications as twa, type TeamWorkshopRow } from './team-workshops.table';
import { userRef } from '../users/user-ref';

const creator = userRef('tw_creator');
const updater = userRef('tw_updater');
type Actor = { firstName: string; lastName: string; email: string } | null;

export const preferredDatesOf = (r: TeamWorkshopRow) => [r.preferredDate1, r.preferredDate2, r.preferredDate3].filter((d): d is string => d !== null);

export function toApplicationDto(r: TeamWorkshopRow, seasonLabel: string, createdBy: Actor, updatedBy: Actor): TeamWorkshopApplication {
  return {
    id: r.id,
    facilityId: r.facilityId,
    seasonId: r.seasonId,
    seasonLabel,
    preferredDates: preferredDatesOf(r),
    participantCount: r.participantCount,
    topicWishes: r.topicWishes,
    address: r.addressStreet !== null ? { street: r.addressStreet, postalCode: r.addressPostalCode ?? '', city: r.addressCity ?? '' } : null,
    remarks: r.remarks,
    state: r.state,
    scheduledAt: isoOrNull(r.scheduledAt),
    decisionComment: r.decisionComment,
    decidedAt: isoOrNull(r.decidedAt),
    createdAt: iso(r.createdAt),
    createdBy: actorOf(r.createdBy, createdBy),
    updatedAt: iso(r.updatedAt),
    updatedBy: actorOf(r.updatedBy, updatedBy),
    withdrawnAt: isoOrNull(r.withdrawnAt),
    version: r.version,
  };
}

/** the fields a KiTa or an admin changes, for the audit log's before/after */
export const auditedFields = (r: TeamWorkshopRow) => ({
  preferredDates: preferredDatesOf(r),
  participantCount: r.participantCount,
  topicWishes: r.topicWishes,
  address: r.addressStreet !== null ? [r.addressStreet, r.addressPostalCode, r.addressCity].join(', ') : null,
  remarks: r.remarks,
  state: r.state,
  scheduledAt: isoOrNull(r.scheduledAt),
  decisionComment: r.decisionComment,
  withdrawnAt: isoOrNull(r.withdrawnAt),
});

/**
 * Applications with the names of who made and changed them, newest first. The season's label comes from the
 * caller's `seasonLabels` (the seasons module owns that table).
 */
export async function applicationsWhere(db: DbOrTx, where: SQL | undefined, seasonLabels: (id: number) => Promise<string> | string) {
  const rows = await db
    .select({ a: twa, cb: creator.name, ub: updater.name })
    .from(twa)
    .leftJoin(creator.table, creator.on(twa.createdBy))
    .leftJoin(updater.table, updater.on(twa.updatedBy))
    .where(where)
    .orderBy(desc(twa.createdAt), desc(twa.id));
  const out: TeamWorkshopApplication[] = [];
  for (const r of rows) out.push(toApplicationDto(r.a, await seasonLabels(r.a.seasonId), r.cb?.email ? r.cb : null, r.ub?.email ? r.ub : null));
  return out;
}

/** the live application of a KiTa in a season, locked for the caller's transaction */
export async function lockLive(tx: DbOrTx, facilityId: number, seasonId: number) {
  const [row] = await tx
    .select()
    .from(twa)
    .where(and(eq(twa.facilityId, facilityId), eq(twa.seasonId, seasonId), isNull(twa.withdrawnAt)))
    .for('update');
  return row;
}

export const liveOf = (facilityId: number, seasonId: number) =>
  and(eq(twa.facilityId, facilityId), eq(twa.seasonId, seasonId), isNull(twa.withdrawnAt));
