import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AdminFacilityDetail } from '../../../src/shared/contracts/admin-facilities';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { nextVersion, stamp } from '../../lib/versioned-update';
import { notFoundError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { toFacilityDto } from '../facilities/facilities.service';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { facilityJoinRequests } from '../facilities/join-requests.table';
import { listJoinRequests } from '../facilities/members.service';
import { listMembers } from '../persons/members-view';
import { listPersons } from '../persons/persons.service';
import { persons } from '../persons/persons.table';
import { enrolmentsOf } from '../seasons/enrolment.service';
import { seasonEnrolments } from '../seasons/seasons.table';
import { applicationsOfFacility, moveApplicationsOnMerge } from '../team-workshops/team-workshops.service';
import { userRef } from '../users/user-ref';

const updater = userRef('facility_updater');

/** Everything an admin sees about one KiTa, merged ones included (they point to where they went). */
export async function adminFacilityDetail(db: DbOrTx, facilityId: number): Promise<AdminFacilityDetail> {
  const [row] = await db
    .select({ f: facilities, u: updater.name })
    .from(facilities)
    .leftJoin(updater.table, updater.on(facilities.updatedBy))
    .where(eq(facilities.id, facilityId));
  if (!row) throw notFoundError();
  const [members, staff, enrolments, joinRequests, teamWorkshops] = await Promise.all([
    listMembers(db, facilityId),
    listPersons(db, facilityId, { page: 1, pageSize: 0, dir: 'asc', sort: 'lastName' }, { includeRemoved: true }),
    enrolmentsOf(db, facilityId),
    listJoinRequests(db, facilityId),
    applicationsOfFacility(db, facilityId),
  ]);
  const history = await historyOf(db, [
    { type: 'facility', ids: [facilityId] },
    { type: 'person', ids: staff.items.map((p) => p.id) },
    { type: 'season_enrolment', ids: enrolments.map((e) => e.dto.id) },
    { type: 'team_workshop_application', ids: teamWorkshops.map((a) => a.id) },
  ]);
  return {
    facility: toFacilityDto(row.f, row.u?.email ? row.u : null),
    members,
    persons: staff.items,
    enrolments: enrolments.map((e) => ({
      ...e.dto,
      seasonIdentifier: e.season.identifier,
      seasonLabel: e.season.label,
      approvedForAwardAt: e.approvedForAwardAt?.toISOString() ?? null,
    })),
    joinRequests: joinRequests,
    teamWorkshopApplications: teamWorkshops,
    history,
    mergedIntoId: row.f.mergedIntoId,
  };
}

/**
 * Merges a duplicate (source) into the KiTa that stays (target), in one transaction: members, persons,
 * enrolments and join requests move; nothing is deleted. Where both hold a live enrolment to the same season
 * the source's is withdrawn (kept as history) and the target's stays. The source row stays, marked as merged,
 * so its audit history remains readable. Team-workshop applications move through their module; documentation
 * forms (a later issue) must move here as well.
 */
export async function mergeFacilities(db: Db, sourceId: number, targetId: number, ctx: Ctx) {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(facilities)
      .where(inArray(facilities.id, [sourceId, targetId]))
      .orderBy(facilities.id)
      .for('update');
    const source = locked.find((f) => f.id === sourceId);
    const target = locked.find((f) => f.id === targetId);
    if (!source || !target) throw notFoundError();
    if (source.mergedIntoId || target.mergedIntoId) {
      throw fail('facility.already_merged');
    }

    // members: the union; the source keeps none
    const sourceMembers = await tx.select().from(facilityMembers).where(eq(facilityMembers.facilityId, sourceId));
    const added = sourceMembers.length
      ? await tx
          .insert(facilityMembers)
          .values(sourceMembers.map((m) => ({ facilityId: targetId, userId: m.userId, createdAt: m.createdAt })))
          .onConflictDoNothing()
          .returning()
      : [];
    await tx.delete(facilityMembers).where(eq(facilityMembers.facilityId, sourceId));

    const movedPersons = await tx
      .update(persons)
      .set({ facilityId: targetId, version: nextVersion(persons) })
      .where(eq(persons.facilityId, sourceId))
      .returning({ id: persons.id });

    // a live enrolment of the source to a season the target is enrolled to as well is withdrawn first
    const clashes = await tx
      .update(seasonEnrolments)
      .set({ withdrawnAt: new Date(), withdrawnBy: ctx.actorUserId, version: nextVersion(seasonEnrolments) })
      .where(
        and(
          eq(seasonEnrolments.facilityId, sourceId),
          isNull(seasonEnrolments.withdrawnAt),
          sql`exists (select 1 from ${seasonEnrolments} t where t.facility_id = ${targetId} and t.season_id = ${seasonEnrolments.seasonId} and t.withdrawn_at is null)`,
        ),
      )
      .returning({ id: seasonEnrolments.id, seasonId: seasonEnrolments.seasonId });
    const movedEnrolments = await tx
      .update(seasonEnrolments)
      .set({ facilityId: targetId })
      .where(eq(seasonEnrolments.facilityId, sourceId))
      .returning({ id: seasonEnrolments.id });

    // team-workshop applications: through their owner, same rule as the enrolments (issue 11)
    const teamWorkshops = await moveApplicationsOnMerge(tx, sourceId, targetId, ctx);

    // pending requests the target already has (or that are moot) are declined; the rest move
    const targetMemberIds = (
      await tx.select({ userId: facilityMembers.userId }).from(facilityMembers).where(eq(facilityMembers.facilityId, targetId))
    ).map((m) => m.userId);
    await tx
      .update(facilityJoinRequests)
      .set({ state: 'declined', decidedAt: new Date(), decidedBy: ctx.actorUserId })
      .where(
        and(
          eq(facilityJoinRequests.facilityId, sourceId),
          eq(facilityJoinRequests.state, 'pending'),
          or(
            targetMemberIds.length ? inArray(facilityJoinRequests.userId, targetMemberIds) : sql`false`,
            sql`exists (select 1 from ${facilityJoinRequests} t where t.facility_id = ${targetId} and t.user_id = ${facilityJoinRequests.userId} and t.state = 'pending')`,
          ),
        ),
      );
    const movedRequests = await tx
      .update(facilityJoinRequests)
      .set({ facilityId: targetId })
      .where(eq(facilityJoinRequests.facilityId, sourceId))
      .returning({ id: facilityJoinRequests.id });

    await tx
      .update(facilities)
      .set({ mergedIntoId: targetId, mergedAt: new Date(), ...stamp(facilities, ctx.actorUserId) })
      .where(eq(facilities.id, sourceId));
    await tx
      .update(facilities)
      .set(stamp(facilities, ctx.actorUserId))
      .where(and(eq(facilities.id, targetId), ne(facilities.id, sourceId)));

    const moved = {
      members: sourceMembers.length,
      persons: movedPersons.length,
      enrolments: movedEnrolments.length,
      joinRequests: movedRequests.length,
    };
    const record = {
      source: { id: source.id, label: source.label, postalCode: source.postalCode, city: source.city },
      target: { id: target.id, label: target.label },
      moved,
      newMembers: added.map((m) => m.userId),
      withdrawnClashes: clashes,
      personIds: movedPersons.map((p) => p.id),
      enrolmentIds: movedEnrolments.map((e) => e.id),
      teamWorkshopApplicationIds: teamWorkshops.movedIds,
      withdrawnTeamWorkshopApplicationIds: teamWorkshops.withdrawnIds,
    };
    await audit(tx, { ...ctx, action: 'facility.merge_into', entityType: 'facility', entityId: targetId, after: record });
    await audit(tx, {
      ...ctx,
      action: 'facility.merged_away',
      entityType: 'facility',
      entityId: sourceId,
      before: { mergedIntoId: null },
      after: { mergedIntoId: targetId, ...record },
    });
    return { targetId: targetId, moved };
  });
}
