import { and, desc, eq, isNull } from 'drizzle-orm';
import type { SeasonEnrolment, SeasonEnrolmentInput, SeasonEnrolmentStatus } from '../../../src/shared/contracts/season-enrolment';
import { seasonEnrolmentInputSchema } from '../../../src/shared/contracts/season-enrolment';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail, type HttpError } from '../../lib/http-error';
import { actorOf, conflictError, iso, isoOrNull, notFoundError, personName } from '../../lib/record-helpers';
import { berlinToday, germanDate } from '../../../src/shared/berlin-date';
import { stamp, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { notifyEnrolment } from '../facilities/facility-mails';
import { activeFacility } from '../facilities/facility-scope';
import { persons } from '../persons/persons.table';
import { seasonQueries, toSeasonDto } from './seasons.queries';
import { seasonEnrolments, seasons, type SeasonEnrolmentRow, type SeasonRow } from './seasons.table';
import { userRef } from '../users/user-ref';

const creator = userRef('enrolment_creator');
const updater = userRef('enrolment_updater');
type Actor = { firstName: string; lastName: string; email: string } | null;

export function toEnrolmentDto(
  row: SeasonEnrolmentRow,
  contact: { firstName: string; lastName: string } | null,
  createdBy: Actor,
  updatedBy: Actor,
): SeasonEnrolment {
  return {
    id: row.id,
    facilityId: row.facilityId,
    seasonId: row.seasonId,
    projectTopics: row.projectTopics,
    projectTitle: row.projectTitle,
    contactPersonId: row.contactPersonId,
    contactPersonName: contact ? personName(contact) : null,
    groupsTakingPart: row.groupsTakingPart,
    childrenTakingPart: row.childrenTakingPart,
    acceptedTermsAt: isoOrNull(row.acceptedTermsAt),
    createdAt: iso(row.createdAt),
    createdBy: actorOf(row.createdBy, createdBy),
    updatedAt: iso(row.updatedAt),
    updatedBy: actorOf(row.updatedBy, updatedBy),
    withdrawnAt: isoOrNull(row.withdrawnAt),
    version: row.version,
  };
}

/** enrolments of one KiTa with names, newest first; `live` = not withdrawn */
export async function enrolmentsOf(db: DbOrTx, facilityId: number, opts: { seasonId?: number; live?: boolean; id?: number } = {}) {
  const rows = await db
    .select({ e: seasonEnrolments, c: { firstName: persons.firstName, lastName: persons.lastName }, cb: creator.name, ub: updater.name, s: seasons })
    .from(seasonEnrolments)
    .innerJoin(seasons, eq(seasons.id, seasonEnrolments.seasonId))
    .leftJoin(persons, eq(persons.id, seasonEnrolments.contactPersonId))
    .leftJoin(creator.table, creator.on(seasonEnrolments.createdBy))
    .leftJoin(updater.table, updater.on(seasonEnrolments.updatedBy))
    .where(
      and(
        eq(seasonEnrolments.facilityId, facilityId),
        opts.seasonId ? eq(seasonEnrolments.seasonId, opts.seasonId) : undefined,
        opts.live ? isNull(seasonEnrolments.withdrawnAt) : undefined,
        opts.id ? eq(seasonEnrolments.id, opts.id) : undefined,
      ),
    )
    .orderBy(desc(seasons.startDate), desc(seasonEnrolments.createdAt), desc(seasonEnrolments.id));
  return rows.map((r) => ({
    season: r.s,
    dto: toEnrolmentDto(r.e, r.c?.firstName != null ? r.c : null, r.cb?.email ? r.cb : null, r.ub?.email ? r.ub : null),
    approvedForAwardAt: r.e.approvedForAwardAt,
  }));
}

/** Why a KiTa may not enrol or change its enrolment right now, in German; null when it may. */
/** why the KiTa can't enrol now (409, its message is shown on the pages too), or null */
export function enrolmentBlocker(season: SeasonRow | null, today = berlinToday()): HttpError | null {
  if (!season) return fail('season_enrolment.no_season');
  if (season.enrolmentState !== 'open') {
    const opens = season.enrolmentOpensOn && season.enrolmentOpensOn > today ? germanDate(season.enrolmentOpensOn) : null;
    return fail('season_enrolment.closed', [season.label, opens]);
  }
  if (season.enrolmentDeadline && today > season.enrolmentDeadline) {
    return fail('season_enrolment.deadline_passed', [season.label, germanDate(season.enrolmentDeadline)]);
  }
  return null;
}

export async function enrolmentStatus(db: DbOrTx, facilityId: number): Promise<SeasonEnrolmentStatus> {
  await activeFacility(db, facilityId);
  const season = await seasonQueries({ db }).current();
  const live = season ? await enrolmentsOf(db, facilityId, { seasonId: season.id, live: true }) : [];
  const blocker = enrolmentBlocker(season);
  return {
    season: season ? toSeasonDto(season) : null,
    enrolment: live[0]?.dto ?? null,
    canChange: blocker === null,
    message: blocker?.message ?? null,
  };
}

const editable = (r: SeasonEnrolmentRow) => ({
  projectTopics: r.projectTopics,
  projectTitle: r.projectTitle,
  contactPersonId: r.contactPersonId,
  groupsTakingPart: r.groupsTakingPart,
  childrenTakingPart: r.childrenTakingPart,
  withdrawnAt: r.withdrawnAt ? r.withdrawnAt.toISOString() : null,
});

type Options = {
  /** default: the current season, and its open/deadline rules apply */
  seasonId?: number;
  /** admins enrolling on a KiTa's behalf: any season, any state */
  onBehalf?: boolean;
};

async function targetSeason(db: DbOrTx, opts: Options): Promise<SeasonRow> {
  if (opts.seasonId) {
    const [s] = await db.select().from(seasons).where(eq(seasons.id, opts.seasonId));
    if (!s) throw notFoundError();
    if (!opts.onBehalf) {
      const blocker = enrolmentBlocker(s.isCurrent ? s : null);
      if (blocker) throw blocker;
    }
    return s;
  }
  const s = await seasonQueries({ db }).current();
  const blocker = opts.onBehalf && s ? null : enrolmentBlocker(s);
  if (blocker) throw blocker;
  if (!s) throw fail('season_enrolment.no_season_on_behalf');
  return s;
}

/** Enrols the KiTa (no live enrolment yet) or changes its enrolment (with the version read). */
export async function saveEnrolment(db: Db, facilityId: number, input: SeasonEnrolmentInput, ctx: Ctx, opts: Options = {}): Promise<SeasonEnrolment> {
  const facility = await activeFacility(db, facilityId);
  const data = seasonEnrolmentInputSchema.parse(input);
  let enrolmentId: number;
  try {
    enrolmentId = await db.transaction(async (tx) => {
      const season = await targetSeason(tx, opts);
      const [contact] = await tx
        .select()
        .from(persons)
        .where(and(eq(persons.id, data.contactPersonId), eq(persons.facilityId, facilityId), isNull(persons.removedAt)));
      if (!contact) {
        throw fail('season_enrolment.contact_not_staff');
      }
      const values = {
        projectTopics: data.projectTopics,
        projectTitle: data.projectTitle,
        contactPersonId: contact.id,
        groupsTakingPart: data.groupsTakingPart,
        childrenTakingPart: data.childrenTakingPart,
      };
      const [existing] = await tx
        .select()
        .from(seasonEnrolments)
        .where(and(eq(seasonEnrolments.facilityId, facilityId), eq(seasonEnrolments.seasonId, season.id), isNull(seasonEnrolments.withdrawnAt)))
        .for('update');
      let row: SeasonEnrolmentRow;
      if (existing) {
        // a form that never saw this enrolment (no version) must not silently overwrite it either
        if (data.version === undefined) throw conflictError();
        ({ row } = await versionedUpdate(tx, {
          table: seasonEnrolments,
          id: existing.id,
          version: data.version,
          load: async () => existing,
          values: { ...values, acceptedTermsAt: new Date() },
          editable,
          audit: {
            action: opts.onBehalf ? 'season_enrolment.update_on_behalf' : 'season_enrolment.update',
            entityType: 'season_enrolment',
            context: { facilityId, seasonId: season.id },
          },
          ctx,
        }));
      } else {
        if (data.version !== undefined) throw conflictError(); // it was withdrawn meanwhile
        [row] = (await tx
          .insert(seasonEnrolments)
          .values({ ...values, facilityId, seasonId: season.id, acceptedTermsAt: new Date(), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
          .returning()) as [SeasonEnrolmentRow];
        await audit(tx, {
          ...ctx,
          action: opts.onBehalf ? 'season_enrolment.create_on_behalf' : 'season_enrolment.create',
          entityType: 'season_enrolment',
          entityId: row.id,
          after: { facilityId, seasonId: season.id, ...editable(row) },
        });
      }
      await notifyEnrolment(
        tx,
        facilityId,
        contact.email ? { email: contact.email, firstName: contact.firstName } : null,
        {
          facilityLabel: facility.label,
          seasonLabel: season.label,
          projectTitle: row.projectTitle,
          topics: row.projectTopics,
          contactName: personName(contact),
          deadline: season.enrolmentDeadline,
          change: existing ? 'updated' : 'created',
        },
        { byAdmin: opts.onBehalf === true },
      );
      return row.id;
    });
  } catch (err) {
    // two members enrolling at the same moment: the partial unique index lets one win
    if (sqlState(err) === '23505') throw conflictError();
    throw err;
  }
  const [answer] = await enrolmentsOf(db, facilityId, { id: enrolmentId });
  return answer!.dto;
}

/** Withdraws the live enrolment; the row stays as history and the KiTa may enrol again. */
export async function withdrawEnrolment(db: Db, facilityId: number, version: number | undefined, ctx: Ctx, opts: Options = {}) {
  const facility = await activeFacility(db, facilityId);
  await db.transaction(async (tx) => {
    const season = await targetSeason(tx, opts);
    const [existing] = await tx
      .select()
      .from(seasonEnrolments)
      .where(and(eq(seasonEnrolments.facilityId, facilityId), eq(seasonEnrolments.seasonId, season.id), isNull(seasonEnrolments.withdrawnAt)))
      .for('update');
    if (!existing) throw fail('season_enrolment.not_enrolled');
    if (version !== undefined && existing.version !== version) throw conflictError();
    const [row] = await tx
      .update(seasonEnrolments)
      .set({ withdrawnAt: new Date(), withdrawnBy: ctx.actorUserId, ...stamp(seasonEnrolments, ctx.actorUserId) })
      .where(eq(seasonEnrolments.id, existing.id))
      .returning();
    await audit(tx, {
      ...ctx,
      action: opts.onBehalf ? 'season_enrolment.withdraw_on_behalf' : 'season_enrolment.withdraw',
      entityType: 'season_enrolment',
      entityId: existing.id,
      before: editable(existing),
      after: { ...editable(row!), facilityId, seasonId: season.id },
    });
    const [contact] = existing.contactPersonId ? await tx.select().from(persons).where(eq(persons.id, existing.contactPersonId)) : [];
    await notifyEnrolment(
      tx,
      facilityId,
      contact?.email ? { email: contact.email, firstName: contact.firstName } : null,
      {
        facilityLabel: facility.label,
        seasonLabel: season.label,
        projectTitle: existing.projectTitle,
        topics: existing.projectTopics,
        contactName: contact ? personName(contact) : '',
        deadline: null,
        change: 'withdrawn',
      },
      { byAdmin: opts.onBehalf === true },
    );
  });
}
