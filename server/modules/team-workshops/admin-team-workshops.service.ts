import { eq, sql } from 'drizzle-orm';
import {
  teamWorkshopDecisionSchema,
  teamWorkshopStateLabels,
  type TeamWorkshopDecision,
  type TeamWorkshopDetail,
} from '../../../src/shared/contracts/team-workshops';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { changes, conflictError, notFoundError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { findActiveFacility } from '../facilities/facility-scope';
import { notifyDecision } from './team-workshops.mail';
import { applicationsWhere, auditedFields } from './team-workshops.repository';
import { seasonLabelsOf } from './team-workshops.service';
import { teamWorkshopApplications as twa, type TeamWorkshopRow } from './team-workshops.table';

export async function adminTeamWorkshopDetail(db: DbOrTx, applicationId: number): Promise<TeamWorkshopDetail> {
  const [application] = await applicationsWhere(db, eq(twa.id, applicationId), seasonLabelsOf(db));
  if (!application) throw notFoundError();
  const f = await findActiveFacility(db, application.facilityId);
  const history = await historyOf(db, [{ type: 'team_workshop_application', ids: [applicationId] }]);
  return {
    application,
    facility: { id: application.facilityId, label: f?.label ?? '', street: f?.street ?? '', postalCode: f?.postalCode ?? '', city: f?.city ?? '', region: f?.region ?? '' },
    history,
  };
}

type Decision = TeamWorkshopDecision['decision'];
/** from which states each decision may be taken */
const allowedFrom: Record<Decision, TeamWorkshopRow['state'][]> = {
  accept: ['submitted'],
  decline: ['submitted', 'accepted'],
  schedule: ['submitted', 'accepted'],
};
const verbs: Record<Decision, string> = { accept: 'annehmen', decline: 'ablehnen', schedule: 'terminieren' };
const target: Record<Decision, TeamWorkshopRow['state']> = { accept: 'accepted', decline: 'declined', schedule: 'scheduled' };

/** accept | decline (with comment) | schedule (with a date and time); version-checked, audited, the KiTa is mailed */
export async function decideTeamWorkshop(db: Db, applicationId: number, input: TeamWorkshopDecision, ctx: Ctx) {
  const d = teamWorkshopDecisionSchema.parse(input);
  await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(twa).where(eq(twa.id, applicationId)).for('update');
    if (!existing) throw notFoundError();
    if (existing.version !== d.version) throw conflictError();
    if (existing.withdrawnAt) throw fail('team_workshop.withdrawn');
    if (!allowedFrom[d.decision].includes(existing.state)) {
      const from = allowedFrom[d.decision].map((s) => teamWorkshopStateLabels[s]).join(' oder ');
      throw fail('team_workshop.invalid_transition', [teamWorkshopStateLabels[existing.state], verbs[d.decision], from]);
    }
    const facility = await findActiveFacility(tx, existing.facilityId);
    if (!facility) throw fail('team_workshop.facility_gone');
    const now = new Date();
    const [row] = await tx
      .update(twa)
      .set({
        state: target[d.decision],
        scheduledAt: d.decision === 'schedule' ? new Date(d.scheduledAt!) : d.decision === 'decline' ? null : existing.scheduledAt,
        decisionComment: d.comment,
        decidedAt: now,
        decidedBy: ctx.actorUserId,
        updatedAt: now,
        updatedBy: ctx.actorUserId,
        version: sql`${twa.version} + 1`,
      })
      .where(eq(twa.id, existing.id))
      .returning();
    const diff = changes(auditedFields(existing), auditedFields(row!));
    await audit(tx, {
      ...ctx,
      action: `team_workshop_application.${d.decision}`,
      entityType: 'team_workshop_application',
      entityId: existing.id,
      before: diff.before,
      after: { ...diff.after, facilityId: existing.facilityId },
    });
    await notifyDecision(tx, existing.facilityId, {
      facilityLabel: facility.label,
      seasonLabel: await seasonLabelsOf(tx)(existing.seasonId),
      decision: d.decision,
      scheduledAt: row!.scheduledAt ? row!.scheduledAt.toISOString() : null,
      comment: d.comment,
    });
  });
  return adminTeamWorkshopDetail(db, applicationId);
}
