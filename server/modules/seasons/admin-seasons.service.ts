import type { AuditAction } from '../../../src/shared/contracts/audit-actions';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AdminSeason, SeasonChoice, SeasonInput, SeasonStats } from '../../../src/shared/contracts/admin-seasons';
import { seasonInputSchema } from '../../../src/shared/contracts/admin-seasons';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { actorOf, conflictError, iso, notFoundError } from '../../lib/record-helpers';
import { lockById, stamp, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { facilities } from '../facilities/facilities.table';
import { toSeasonDto } from './seasons.queries';
import { seasonEnrolments, seasons, type SeasonRow } from './seasons.table';
import { userRef } from '../users/user-ref';

export const updater = userRef('season_updater');
type Actor = { firstName: string; lastName: string; email: string } | null;

function toAdminSeasonDto(row: SeasonRow, enrolled: number, by: Actor): AdminSeason {
  return {
    ...toSeasonDto(row),
    enrolmentOpensOn: row.enrolmentOpensOn,
    teamWorkshopDeadline: row.teamWorkshopDeadline,
    trainingsDeadline: row.trainingsDeadline,
    hospitationDeadline: row.hospitationDeadline,
    juryDate: row.juryDate,
    awardDate: row.awardDate,
    enrolledCount: enrolled,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    updatedBy: actorOf(row.updatedBy, by),
    version: row.version,
  };
}

const editable = (r: SeasonRow) => ({
  identifier: r.identifier,
  label: r.label,
  startDate: r.startDate,
  endDate: r.endDate,
  enrolmentState: r.enrolmentState,
  enrolmentOpensOn: r.enrolmentOpensOn,
  enrolmentDeadline: r.enrolmentDeadline,
  allowDocumentation: r.allowDocumentation,
  documentationDeadline: r.documentationDeadline,
  teamWorkshopDeadline: r.teamWorkshopDeadline,
  trainingsDeadline: r.trainingsDeadline,
  hospitationDeadline: r.hospitationDeadline,
  juryDate: r.juryDate,
  awardDate: r.awardDate,
  isCurrent: r.isCurrent,
});

const toColumns = (input: SeasonInput) => {
  const s = seasonInputSchema.parse(input);
  return {
    identifier: s.identifier,
    label: s.label,
    startDate: s.startDate,
    endDate: s.endDate,
    enrolmentState: s.enrolment_state,
    enrolmentOpensOn: s.enrolmentOpensOn,
    enrolmentDeadline: s.enrolmentDeadline,
    allowDocumentation: s.allow_documentation,
    documentationDeadline: s.documentationDeadline,
    teamWorkshopDeadline: s.teamWorkshopDeadline,
    trainingsDeadline: s.trainingsDeadline,
    hospitationDeadline: s.hospitationDeadline,
    juryDate: s.juryDate,
    awardDate: s.awardDate,
  };
};

const identifierTaken = () => fail('season.identifier_taken');

/** active enrolments of the row's season (a handful of seasons: a correlated count is cheap) */
const enrolledCount =
  sql<number>`(select count(*) from ${seasonEnrolments} where ${seasonEnrolments.seasonId} = ${seasons.id} and ${seasonEnrolments.withdrawnAt} is null)`.mapWith(
    Number,
  );

/** the admin season columns (season, enrolled count, last editor), for the detail and the list definition */
export const adminSeasonColumns = { s: seasons, n: enrolledCount, u: updater.name };
export type AdminSeasonRow = { s: SeasonRow; n: number; u: Actor };
export const toAdminSeason = (r: AdminSeasonRow) => toAdminSeasonDto(r.s, Number(r.n ?? 0), r.u?.email ? r.u : null);

export async function getSeason(db: DbOrTx, id: number): Promise<AdminSeason> {
  const [row] = await db.select(adminSeasonColumns).from(seasons).leftJoin(updater.table, updater.on(seasons.updatedBy)).where(eq(seasons.id, id));
  if (!row) throw notFoundError();
  return toAdminSeason(row);
}

/** every season as a choice (the KiTa list's filter, the current season for enrolling on a KiTa's behalf) */
export async function seasonChoices(db: DbOrTx): Promise<SeasonChoice[]> {
  const rows = await db
    .select({ id: seasons.id, identifier: seasons.identifier, label: seasons.label, isCurrent: seasons.isCurrent })
    .from(seasons)
    .orderBy(desc(seasons.identifier));
  return rows;
}

export async function createSeason(db: Db, input: SeasonInput, ctx: Ctx): Promise<AdminSeason> {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(seasons)
        .values({ ...toColumns(input), updatedBy: ctx.actorUserId })
        .returning();
      await audit(tx, { ...ctx, action: 'season.create', entityType: 'season', entityId: row!.id, after: editable(row!) });
      return row!.id;
    });
    return getSeason(db, id);
  } catch (err) {
    if (sqlState(err) === '23505') throw identifierTaken();
    throw err;
  }
}

async function writeSeason(db: Db, id: number, version: number, values: Partial<typeof seasons.$inferInsert>, action: AuditAction, ctx: Ctx) {
  try {
    await db.transaction((tx) =>
      versionedUpdate(tx, {
        table: seasons,
        id,
        version,
        load: async (t) => {
          const [row] = await t.select().from(seasons).where(eq(seasons.id, id)).for('update');
          if (!row) throw notFoundError();
          return row;
        },
        values,
        editable,
        audit: { action, entityType: 'season' },
        ctx,
      }),
    );
  } catch (err) {
    if (sqlState(err) === '23505') throw identifierTaken();
    throw err;
  }
  return getSeason(db, id);
}

export const updateSeason = (db: Db, id: number, input: SeasonInput & { version: number }, ctx: Ctx) => {
  const { version, ...rest } = input;
  return writeSeason(db, id, version, toColumns(rest), 'season.update', ctx);
};

export const setEnrolmentState = (db: Db, id: number, state: 'open' | 'closed', version: number, ctx: Ctx) =>
  writeSeason(db, id, version, { enrolmentState: state }, state === 'open' ? 'season.enrolment_open' : 'season.enrolment_close', ctx);

/**
 * Makes a season the current one. The partial unique index allows one current row at most; clearing the old one
 * and setting the new one happen in one transaction, so readers see either the old or the new current season.
 */
export async function makeCurrent(db: Db, id: number, ctx: Ctx): Promise<AdminSeason> {
  try {
    await db.transaction(async (tx) => {
      const [target] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
      if (!target) throw notFoundError();
      if (target.isCurrent) return;
      const previous = await tx
        .update(seasons)
        .set({ isCurrent: false, ...stamp(seasons, ctx.actorUserId) })
        .where(and(eq(seasons.isCurrent, true), ne(seasons.id, id)))
        .returning({ id: seasons.id, identifier: seasons.identifier });
      await tx
        .update(seasons)
        .set({ isCurrent: true, ...stamp(seasons, ctx.actorUserId) })
        .where(eq(seasons.id, id));
      await audit(tx, {
        ...ctx,
        action: 'season.make_current',
        entityType: 'season',
        entityId: id,
        before: { current: previous[0] ?? null },
        after: { current: { id, identifier: target.identifier } },
      });
    });
  } catch (err) {
    // another admin switched at the same moment; the index kept it to one
    if (sqlState(err) === '23505') throw conflictError();
    throw err;
  }
  return getSeason(db, id);
}

export async function seasonStats(db: DbOrTx, id: number): Promise<SeasonStats> {
  await getSeason(db, id);
  const live = and(eq(seasonEnrolments.seasonId, id), isNull(seasonEnrolments.withdrawnAt));
  const [byRegion, byKind, [totals]] = await Promise.all([
    db
      .select({ region: facilities.region, count: count() })
      .from(seasonEnrolments)
      .innerJoin(facilities, eq(facilities.id, seasonEnrolments.facilityId))
      .where(and(live, isNull(facilities.mergedIntoId)))
      .groupBy(facilities.region)
      .orderBy(facilities.region),
    db
      .select({ kind: facilities.kind, count: count() })
      .from(seasonEnrolments)
      .innerJoin(facilities, eq(facilities.id, seasonEnrolments.facilityId))
      .where(and(live, isNull(facilities.mergedIntoId)))
      .groupBy(facilities.kind)
      .orderBy(facilities.kind),
    db
      .select({
        enrolled: sql<number>`count(*) filter (where ${seasonEnrolments.withdrawnAt} is null)`.mapWith(Number),
        withdrawn: sql<number>`count(distinct ${seasonEnrolments.facilityId}) filter (where ${seasonEnrolments.withdrawnAt} is not null)`.mapWith(
          Number,
        ),
      })
      .from(seasonEnrolments)
      .where(eq(seasonEnrolments.seasonId, id)),
  ]);
  return { seasonId: id, enrolled: totals?.enrolled ?? 0, withdrawn: totals?.withdrawn ?? 0, byRegion: byRegion, byKind: byKind };
}

/**
 * "zur Auszeichnung zugelassen" on a season enrolment (issue 11: an admin sets it; issue 12's jury approval will
 * call this too). Only a live enrolment can be approved; withdrawing the approval keeps the KiTa's bookings.
 */
export async function setAwardApproval(db: Db, seasonEnrolmentId: number, input: { approved: boolean; version: number }, ctx: Ctx) {
  return db.transaction((tx) => setAwardApprovalIn(tx, seasonEnrolmentId, input, ctx));
}

/** the same inside the caller's transaction (the jury's approval of a documentation form, issue 12) */
export async function setAwardApprovalIn(tx: DbOrTx, seasonEnrolmentId: number, input: { approved: boolean; version: number }, ctx: Ctx) {
  const { row } = await versionedUpdate(tx, {
    table: seasonEnrolments,
    id: seasonEnrolmentId,
    version: input.version,
    load: lockById(seasonEnrolments, seasonEnrolmentId),
    check: (r) => {
      if (r.withdrawnAt) throw fail('season_guard.enrolment_withdrawn');
    },
    // approving again keeps the first approval's date and approver
    values: (r) => ({
      approvedForAwardAt: input.approved ? (r.approvedForAwardAt ?? new Date()) : null,
      approvedForAwardBy: input.approved ? (r.approvedForAwardBy ?? ctx.actorUserId) : null,
    }),
    editable: (r) => ({ approvedForAwardAt: r.approvedForAwardAt?.toISOString() ?? null }),
    audit: {
      action: input.approved ? 'season_enrolment.approve_for_award' : 'season_enrolment.revoke_award_approval',
      entityType: 'season_enrolment',
      context: (r) => ({ facilityId: r.facilityId, seasonId: r.seasonId }),
    },
    ctx,
  });
  return { seasonEnrolmentId: row.id, approvedForAwardAt: row.approvedForAwardAt?.toISOString() ?? null, version: row.version };
}
