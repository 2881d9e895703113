import { decisionInputSchema, type DecisionInput } from '../../../src/shared/contracts/admin-documentation';
import { documentationStateLabels } from '../../../src/shared/contracts/documentation';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import type { Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { setAwardApprovalIn } from '../seasons/admin-seasons.service';
import { seasonQueries } from '../seasons/seasons.queries';
import { adminDocumentationDetail, formOf, type Caller } from './admin-documentation.service';
import { notifyDocumentationDecision } from './decision.mail';
import { transitionForm } from './form-transition';

const target = { approve: 'approved', return: 'returned', reject: 'rejected' } as const;

/**
 * Annehmen | Zurückgeben | Ablehnen, only from `submitted` and version-checked. Approving also approves the KiTa's
 * live season enrolment for the award (the awarding event opens to it) in the same transaction; returning makes the
 * form editable for the KiTa again with the comment on top. Each writes a history event and an audit entry and
 * mails the KiTa's members through the outbox (sent after the commit).
 */
export async function decideDocumentation(db: Db, seasonIdentifier: string, facilityId: number, input: DecisionInput, caller: Caller, ctx: Ctx) {
  const d = decisionInputSchema.parse(input);
  await db.transaction(async (tx) => {
    const { season, form } = await formOf(tx, seasonIdentifier, facilityId, true, caller);
    const state = target[d.action];
    const now = new Date();
    await transitionForm(tx, {
      load: async () => form,
      version: d.version,
      check: (row) => {
        if (row.state !== 'submitted') throw fail('documentation.invalid_transition', [documentationStateLabels[row.state]]);
      },
      to: state,
      values: { decisionComment: d.comment, decidedAt: now, decidedBy: ctx.actorUserId },
      action: `documentation_form.${d.action}`,
      comment: d.comment,
      at: now,
      context: () => ({ comment: d.comment, facilityId, seasonId: season.id }),
      ctx,
    });
    if (d.action === 'approve') {
      const enrolment = await seasonQueries({ db: tx }).liveEnrolment(facilityId, season.id);
      if (!enrolment) throw fail('documentation.not_enrolled_for_award');
      await setAwardApprovalIn(tx, enrolment.id, { approved: true, version: enrolment.version }, ctx);
    }
    const facility = await findActiveFacility(tx, facilityId);
    await notifyDocumentationDecision(tx, facilityId, {
      facilityLabel: facility?.label ?? '',
      seasonLabel: season.label,
      action: d.action,
      comment: d.comment,
      byAdmin: caller.isAdmin,
    });
  });
  return adminDocumentationDetail(db, seasonIdentifier, facilityId, caller);
}
