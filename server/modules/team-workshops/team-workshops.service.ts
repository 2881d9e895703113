import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SeasonChecklist } from '../../../src/shared/contracts/season-enrolment';
import {
  teamWorkshopInputSchema,
  teamWorkshopStateLabels,
  type TeamWorkshopApplication,
  type TeamWorkshopInput,
  type TeamWorkshopStatus,
} from '../../../src/shared/contracts/team-workshops';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { fail } from '../../lib/http-error';
import { conflictError } from '../../lib/record-helpers';
import { berlinToday, germanDate } from '../../../src/shared/berlin-date';
import { nextVersion, stamp, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { seasonQueries } from '../seasons/seasons.queries';
import { enrolledToCurrentSeason } from '../seasons/season-guard';
import type { SeasonRow } from '../seasons/seasons.table';
import { germanWhen } from './team-workshops.mail';
import { applicationsWhere, auditedFields, liveOf, lockLive } from './team-workshops.queries';
import { teamWorkshopApplications as twa, type TeamWorkshopRow } from './team-workshops.table';

/** season labels for DTOs, read through the seasons module (a handful of seasons: one query each, cached per call) */
export function seasonLabelsOf(db: DbOrTx) {
  const cache = new Map<number, Promise<string>>();
  return (id: number) => {
    if (!cache.has(id))
      cache.set(
        id,
        seasonQueries({ db })
          .byId(id)
          .then((s) => s?.label ?? ''),
      );
    return cache.get(id)!;
  };
}

/** the texts of the status answer (why a change is not possible now): the catalogue's, so answer and error agree */
const tw = errorCatalogue.team_workshop;
export const teamWorkshopMessages = {
  deadline: (season: string, deadline: string) => tw.deadline_passed.message(season, germanDate(deadline)),
  already: tw.already_applied.message,
  decided: (state: TeamWorkshopRow['state']) => tw.already_decided.message(teamWorkshopStateLabels[state]),
  none: tw.no_application.message,
};

/**
 * The season guard of the staff calls (like the client's `enrolled` guard): the KiTa exists, a season is current
 * and the KiTa is enrolled to it; otherwise 403 `not_enrolled` (or 409 `no_season`).
 */
async function enrolledSeason(db: DbOrTx, facilityId: number): Promise<SeasonRow> {
  return (await enrolledToCurrentSeason(db, facilityId, 'einen Team-Workshop beantragen')).season;
}

const deadlineBlocker = (season: SeasonRow, today = berlinToday()) =>
  season.teamWorkshopDeadline && today > season.teamWorkshopDeadline
    ? teamWorkshopMessages.deadline(season.label, season.teamWorkshopDeadline)
    : null;

async function liveApplication(db: DbOrTx, facilityId: number, seasonId: number): Promise<TeamWorkshopApplication | null> {
  const [a] = await applicationsWhere(db, liveOf(facilityId, seasonId), seasonLabelsOf(db));
  return a ?? null;
}

export async function teamWorkshopStatus(db: DbOrTx, facilityId: number): Promise<TeamWorkshopStatus> {
  const season = await enrolledSeason(db, facilityId);
  const application = await liveApplication(db, facilityId, season.id);
  const blocker = application && application.state !== 'submitted' ? teamWorkshopMessages.decided(application.state) : deadlineBlocker(season);
  return {
    season: { id: season.id, label: season.label, deadline: season.teamWorkshopDeadline },
    application,
    canChange: blocker === null,
    message: blocker,
  };
}

const valuesOf = (input: TeamWorkshopInput) => {
  const d = teamWorkshopInputSchema.parse(input);
  return {
    preferredDate1: d.preferredDates[0]!,
    preferredDate2: d.preferredDates[1] ?? null,
    preferredDate3: d.preferredDates[2] ?? null,
    participantCount: d.participantCount,
    topicWishes: d.topicWishes,
    addressStreet: d.addressDiffers ? d.street : null,
    addressPostalCode: d.addressDiffers ? d.postalCode : null,
    addressCity: d.addressDiffers ? d.city : null,
    remarks: d.remarks,
    version: d.version,
  };
};

/** POST: apply (no live application in the current season yet) */
export async function applyForTeamWorkshop(db: Db, facilityId: number, input: TeamWorkshopInput, ctx: Ctx): Promise<TeamWorkshopApplication> {
  const season = await enrolledSeason(db, facilityId);
  if (deadlineBlocker(season)) throw fail('team_workshop.deadline_passed', [season.label, germanDate(season.teamWorkshopDeadline!)]);
  const { version: _ignored, ...values } = valuesOf(input);
  try {
    await db.transaction(async (tx) => {
      if (await lockLive(tx, facilityId, season.id)) throw fail('team_workshop.already_applied', [season.label]);
      const [row] = await tx
        .insert(twa)
        .values({ ...values, facilityId, seasonId: season.id, createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
        .returning();
      await audit(tx, {
        ...ctx,
        action: 'team_workshop_application.create',
        entityType: 'team_workshop_application',
        entityId: row!.id,
        after: { facilityId, seasonId: season.id, ...auditedFields(row!) },
      });
    });
  } catch (err) {
    // two members applying at the same moment: the partial unique index lets one win
    if (sqlState(err) === '23505') throw fail('team_workshop.already_applied', [season.label]);
    throw err;
  }
  return (await liveApplication(db, facilityId, season.id))!;
}

/** the live application, locked, still undecided, with the version the caller read */
async function undecided(tx: DbOrTx, facilityId: number, season: SeasonRow, version: number | undefined) {
  const existing = await lockLive(tx, facilityId, season.id);
  if (!existing) throw fail('team_workshop.no_application');
  // a form that never saw this application (no version) must not silently overwrite it either
  if (version === undefined || existing.version !== version) throw conflictError();
  if (existing.state !== 'submitted') throw fail('team_workshop.already_decided', [teamWorkshopStateLabels[existing.state]]);
  return existing;
}

/** PUT: change the application while it is `submitted` (before the deadline) */
export async function changeTeamWorkshopApplication(
  db: Db,
  facilityId: number,
  input: TeamWorkshopInput,
  ctx: Ctx,
): Promise<TeamWorkshopApplication> {
  const season = await enrolledSeason(db, facilityId);
  const { version, ...values } = valuesOf(input);
  await db.transaction(async (tx) => {
    const existing = await undecided(tx, facilityId, season, version);
    await versionedUpdate(tx, {
      table: twa,
      id: existing.id,
      version: existing.version,
      load: async () => existing,
      check: () => {
        if (deadlineBlocker(season)) throw fail('team_workshop.deadline_passed', [season.label, germanDate(season.teamWorkshopDeadline!)]);
      },
      values,
      editable: auditedFields,
      audit: { action: 'team_workshop_application.update', entityType: 'team_workshop_application', context: { facilityId } },
      ctx,
    });
  });
  return (await liveApplication(db, facilityId, season.id))!;
}

/** DELETE: withdraw while undecided; the row stays as history and the KiTa may apply again */
export async function withdrawTeamWorkshopApplication(db: Db, facilityId: number, version: number, ctx: Ctx): Promise<TeamWorkshopStatus> {
  const season = await enrolledSeason(db, facilityId);
  await db.transaction(async (tx) => {
    const existing = await undecided(tx, facilityId, season, version);
    const [row] = await tx
      .update(twa)
      .set({ withdrawnAt: new Date(), withdrawnBy: ctx.actorUserId, ...stamp(twa, ctx.actorUserId) })
      .where(eq(twa.id, existing.id))
      .returning();
    await audit(tx, {
      ...ctx,
      action: 'team_workshop_application.withdraw',
      entityType: 'team_workshop_application',
      entityId: existing.id,
      before: auditedFields(existing),
      after: { ...auditedFields(row!), facilityId },
    });
  });
  return teamWorkshopStatus(db, facilityId);
}

/** every application of a KiTa (withdrawn ones too), newest first: the admin KiTa detail */
export async function applicationsOfFacility(db: DbOrTx, facilityId: number) {
  return applicationsWhere(db, eq(twa.facilityId, facilityId), seasonLabelsOf(db));
}

/** the applications an account created: the own-data export (DSGVO Art. 15) */
export async function applicationsCreatedBy(db: DbOrTx, userId: number) {
  const rows = await applicationsWhere(db, eq(twa.createdBy, userId), seasonLabelsOf(db));
  return rows.map(({ createdBy: _c, updatedBy: _u, ...a }) => ({ type: 'team-workshop-application', ...a }));
}

type Step = SeasonChecklist['steps'][number];

/** the checklist's `team_workshop` step of the season checklist (seasons gets it passed in by app.ts) */
export async function teamWorkshopStep(db: DbOrTx, facilityId: number, season: SeasonRow, enrolled: boolean, today = berlinToday()): Promise<Step> {
  const base = {
    key: 'team_workshop' as const,
    label: 'Team-Workshop beantragen',
    deadline: season.teamWorkshopDeadline,
    path: '/team-workshop-application',
  };
  const application = await liveApplication(db, facilityId, season.id);
  if (application) {
    const detail =
      application.state === 'scheduled' && application.scheduledAt
        ? `Terminiert am ${germanWhen(application.scheduledAt)}`
        : `Antrag ${teamWorkshopStateLabels[application.state]}`;
    return { ...base, state: 'done', detail };
  }
  const passed = season.teamWorkshopDeadline !== null && today > season.teamWorkshopDeadline;
  if (passed) return { ...base, state: 'missed', detail: `Frist am ${germanDate(season.teamWorkshopDeadline!)} abgelaufen` };
  if (!enrolled) return { ...base, state: 'upcoming', detail: 'Nach der Anmeldung zum KiTa-Jahr möglich' };
  return {
    ...base,
    state: 'open',
    detail: season.teamWorkshopDeadline ? `Antrag bis ${germanDate(season.teamWorkshopDeadline)} möglich` : 'Antrag möglich',
  };
}

/**
 * Merging two KiTas (admin-facilities, in its transaction): the source's applications move to the target. Where
 * both hold a live application to the same season, the source's is withdrawn first (kept as history), like the
 * season enrolments. Answers what moved and what was withdrawn, for the merge's audit record.
 */
export async function moveApplicationsOnMerge(tx: DbOrTx, sourceId: number, targetId: number, ctx: Ctx) {
  const withdrawn = await tx
    .update(twa)
    .set({ withdrawnAt: new Date(), withdrawnBy: ctx.actorUserId, ...stamp(twa, ctx.actorUserId) })
    .where(
      and(
        eq(twa.facilityId, sourceId),
        isNull(twa.withdrawnAt),
        sql`exists (select 1 from ${twa} t where t.facility_id = ${targetId} and t.season_id = ${twa.seasonId} and t.withdrawn_at is null)`,
      ),
    )
    .returning({ id: twa.id });
  const moved = await tx
    .update(twa)
    .set({ facilityId: targetId, version: nextVersion(twa) })
    .where(eq(twa.facilityId, sourceId))
    .returning({ id: twa.id });
  return { movedIds: moved.map((r) => r.id), withdrawnIds: withdrawn.map((r) => r.id) };
}
