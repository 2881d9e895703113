import { eq } from 'drizzle-orm';
import {
  teamWorkshopDecisionSchema,
  teamWorkshopStateLabels,
  type TeamWorkshopDecision,
  type TeamWorkshopDetail,
} from '../../../src/shared/contracts/team-workshops';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { notFoundError } from '../../lib/record-helpers';
import { lockById, versionedUpdate } from '../../lib/versioned-update';
import type { Ctx } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { findActiveFacility } from '../facilities/facility-scope';
import { notifyDecision } from './team-workshops.mail';
import { applicationsWhere, auditedFields } from './team-workshops.queries';
import { seasonLabelsOf } from './team-workshops.service';
import { teamWorkshopApplications as twa, type TeamWorkshopRow } from './team-workshops.table';

export async function adminTeamWorkshopDetail(db: DbOrTx, applicationId: number): Promise<TeamWorkshopDetail> {
  const [application] = await applicationsWhere(db, eq(twa.id, applicationId), seasonLabelsOf(db));
  if (!application) throw notFoundError();
  const f = await findActiveFacility(db, application.facilityId);
  const history = await historyOf(db, [{ type: 'team_workshop_application', ids: [applicationId] }]);
  return {
    application,
    facility: {
      id: application.facilityId,
      label: f?.label ?? '',
      street: f?.street ?? '',
      postalCode: f?.postalCode ?? '',
      city: f?.city ?? '',
      region: f?.region ?? '',
    },
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
    const { row } = await versionedUpdate(tx, {
      table: twa,
      id: applicationId,
      version: d.version,
      load: lockById(twa, applicationId),
      check: (existing) => {
        if (existing.withdrawnAt) throw fail('team_workshop.withdrawn');
        if (!allowedFrom[d.decision].includes(existing.state)) {
          const from = allowedFrom[d.decision].map((s) => teamWorkshopStateLabels[s]).join(' oder ');
          throw fail('team_workshop.invalid_transition', [teamWorkshopStateLabels[existing.state], verbs[d.decision], from]);
        }
      },
      values: {
        state: target[d.decision],
        // accepting keeps a date already set; declining drops it
        ...(d.decision === 'schedule' ? { scheduledAt: new Date(d.scheduledAt!) } : d.decision === 'decline' ? { scheduledAt: null } : {}),
        decisionComment: d.comment,
        decidedAt: new Date(),
        decidedBy: ctx.actorUserId,
      },
      editable: auditedFields,
      audit: {
        action: `team_workshop_application.${d.decision}`,
        entityType: 'team_workshop_application',
        context: (r) => ({ facilityId: r.facilityId }),
      },
      ctx,
    });
    // a merged-away KiTa refuses the decision; the throw rolls the update back
    const facility = await findActiveFacility(tx, row.facilityId);
    if (!facility) throw fail('team_workshop.facility_gone');
    await notifyDecision(tx, row.facilityId, {
      facilityLabel: facility.label,
      seasonLabel: await seasonLabelsOf(tx)(row.seasonId),
      decision: d.decision,
      scheduledAt: row.scheduledAt ? row.scheduledAt.toISOString() : null,
      comment: d.comment,
    });
  });
  return adminTeamWorkshopDetail(db, applicationId);
}
