import { sql } from 'drizzle-orm';
import { juryCriteria, reviewInputSchema, weightedScore, type ReviewInput } from '../../../src/shared/contracts/admin-documentation';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit, type Ctx } from '../audit/audit';
import { adminDocumentationDetail, formOf, isReviewable, type Caller } from './admin-documentation.service';
import { documentationReviews } from './documentation.table';

/**
 * The caller's one review of a form (insert or replace). Only jury members review (an admin who is not in the jury
 * decides but does not score); only forms the KiTa has submitted at least once.
 */
export async function saveReview(db: Db, seasonIdentifier: string, facilityId: number, input: ReviewInput, caller: Caller, ctx: Ctx) {
  const r = reviewInputSchema.parse(input);
  if (!caller.isJury) throw fail('documentation.review_jury_only');
  await db.transaction(async (tx) => {
    const { form } = await formOf(tx, seasonIdentifier, facilityId);
    if (!isReviewable(form)) throw fail('documentation.review_not_submitted');
    // only the criteria of the contract, in its order
    const scores = Object.fromEntries(juryCriteria.map((c) => [c.key, r.scores[c.key]]));
    const now = new Date();
    await tx
      .insert(documentationReviews)
      .values({ formId: form.id, reviewerId: caller.id, scores, comment: r.comment, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [documentationReviews.formId, documentationReviews.reviewerId],
        set: { scores, comment: r.comment, updatedAt: sql`excluded.updated_at` },
      });
    await audit(tx, {
      ...ctx,
      action: 'documentation_form.review',
      entityType: 'documentation_form',
      entityId: form.id,
      after: { scores, total: weightedScore(scores), facilityId },
    });
  });
  return adminDocumentationDetail(db, seasonIdentifier, facilityId, caller);
}
