import { eq } from 'drizzle-orm';
import { decisionInputSchema, type DecisionInput } from '../../../src/shared/contracts/admin-documentation';
import { documentationStateLabels } from '../../../src/shared/contracts/documentation';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { nextVersion } from '../../lib/versioned-update';
import { conflictError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { setAwardApprovalIn } from '../seasons/admin-seasons.service';
import { seasonsRepository } from '../seasons/seasons.repository';
import { adminDocumentationDetail, formOf, type Caller } from './admin-documentation.service';
import { notifyDocumentationDecision } from './decision.mail';
import { documentationFormEvents, documentationForms } from './documentation.table';

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
    if (form.version !== d.version) throw conflictError();
    if (form.state !== 'submitted') throw fail('documentation.invalid_transition', [documentationStateLabels[form.state]]);
    if (d.action === 'approve') {
      const enrolment = await seasonsRepository({ db: tx }).liveEnrolment(facilityId, season.id);
      if (!enrolment) throw fail('documentation.not_enrolled_for_award');
      await setAwardApprovalIn(tx, enrolment.id, { approved: true, version: enrolment.version }, ctx);
    }
    const now = new Date();
    const state = target[d.action];
    await tx
      .update(documentationForms)
      .set({ state, decisionComment: d.comment, decidedAt: now, decidedBy: ctx.actorUserId, version: nextVersion(documentationForms) })
      .where(eq(documentationForms.id, form.id));
    await tx.insert(documentationFormEvents).values({ formId: form.id, state, comment: d.comment, actorId: ctx.actorUserId, at: now });
    await audit(tx, {
      ...ctx,
      action: `documentation_form.${d.action}`,
      entityType: 'documentation_form',
      entityId: form.id,
      before: { state: form.state },
      after: { state, comment: d.comment, facilityId, seasonId: season.id },
    });
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
