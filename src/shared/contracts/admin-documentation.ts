import { z } from 'zod';
import { idParam, isoTimestampSchema, optionalText, versionSchema } from './common';
import { answersSchema, stateChangeSchema, uploadedFileSchema } from './documentation';
import { sectionSchema } from './documentation-template';
import { adminDocumentationList, adminDocumentationListStates, documentationStates } from './documentation-list';
import { listPageSchemaOf } from './list-query';
import { juryCriteria, scoreDescriptionsSchema, SCORE_MAX, type JuryCriterionKey } from './jury-scale';

/**
 * Issue 12, admins and the jury (access `jury`: admins and jury members). Paths (SPEC §3):
 *   GET  /api/admin/documentation/{seasonIdentifier}                     list (list kit) + /export.csv|xlsx of the list
 *   GET  /api/admin/documentation/{seasonIdentifier}/answers.csv|xlsx     the answers, one row per KiTa, a column per question
 *   GET  /api/admin/documentation/{seasonIdentifier}/forms.zip            every submitted form as PDF, streamed
 *   GET|PUT /api/admin/documentation/{seasonIdentifier}/template          (PUT admins only) + POST …/template/copy
 *   GET  /api/admin/documentation/{seasonIdentifier}/{facilityId}         the form as submitted, reviews, notes, history
 *   GET  /api/admin/documentation/{seasonIdentifier}/{facilityId}/pdf
 *   GET  /api/admin/documentation/{seasonIdentifier}/{facilityId}/files/{fileId}
 *   POST /api/admin/documentation/{seasonIdentifier}/{facilityId}/decision   approve | return | reject
 *   PUT  /api/admin/documentation/{seasonIdentifier}/{facilityId}/review     the caller's own review
 *   POST /api/admin/documentation/{seasonIdentifier}/{facilityId}/notes      an internal note (never shown to staff)
 *   GET  /api/admin/documentation/{seasonIdentifier}/queue                the caller's queue: waiting for my review, done
 *   GET  /api/admin/documentation/{seasonIdentifier}/next-unreviewed?after={facilityId}   the next form to review
 */

export { juryCriteria, SCORE_MAX, type JuryCriterionKey } from './jury-scale';

/** weighted mean of the scores on the 0–5 scale, one decimal; null without scores */
export function weightedScore(scores: Partial<Record<JuryCriterionKey, number>>): number | null {
  let sum = 0;
  let weights = 0;
  for (const c of juryCriteria) {
    const s = scores[c.key];
    if (typeof s !== 'number') continue;
    sum += s * c.weight;
    weights += c.weight;
  }
  return weights === 0 ? null : Math.round((sum / weights) * 10) / 10;
}

const scoreSchema = z
  .number({ error: 'Bitte vergib 0 bis 5 Punkte.' })
  .int('Bitte vergib ganze Punkte.')
  .min(0, 'Bitte vergib 0 bis 5 Punkte.')
  .max(SCORE_MAX, 'Bitte vergib 0 bis 5 Punkte.');

/** PUT …/{facilityId}/review: every criterion scored; a jury member's one review, changeable until the decision */
export const reviewInputSchema = z.object({
  scores: z.object(Object.fromEntries(juryCriteria.map((c) => [c.key, scoreSchema])) as Record<JuryCriterionKey, typeof scoreSchema>),
  comment: optionalText(4000, { multiline: true }),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const reviewSchema = z.object({
  reviewerId: z.number().int(),
  reviewerName: z.string(),
  scores: z.record(z.string(), z.number().int()),
  total: z.number().nullable(),
  comment: z.string(),
  updatedAt: isoTimestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

/** POST …/{facilityId}/decision; `comment` required for return and reject (shown to the KiTa) */
export const decisionActions = ['approve', 'return', 'reject'] as const;
export const decisionInputSchema = z
  .object({
    action: z.enum(decisionActions, { error: 'Bitte wähle eine Entscheidung.' }),
    comment: optionalText(4000, { multiline: true }),
    version: versionSchema,
  })
  .superRefine((v, ctx) => {
    if (v.action !== 'approve' && v.comment === '')
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Bitte schreib der KiTa, was sie ändern soll oder warum.' });
  });
export type DecisionInput = z.infer<typeof decisionInputSchema>;

export const noteInputSchema = z.object({
  text: z.string({ error: 'Bitte schreib eine Notiz.' }).trim().min(1, 'Bitte schreib eine Notiz.').max(4000, 'Höchstens 4000 Zeichen.'),
});
export const noteSchema = z.object({ id: z.number().int(), text: z.string(), author: z.string().nullable(), createdAt: isoTimestampSchema });

/** GET …/{facilityId}: the form as submitted with everything the jury needs */
export const adminDocumentationDetailSchema = z.object({
  formId: z.number().int(),
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  seasonIdentifier: z.string(),
  seasonLabel: z.string(),
  state: z.enum(documentationStates),
  version: z.number().int(),
  submittedAt: isoTimestampSchema.nullable(),
  sections: z.array(sectionSchema),
  /** issue 19: what each score means, per criterion and level (the season's template; {} when it has none) */
  scoreDescriptions: scoreDescriptionsSchema.default({}),
  answers: answersSchema,
  /** answers whose question is no longer in the template: kept and shown to admins and the jury */
  orphanAnswers: z.array(z.object({ key: z.string(), value: z.unknown() })),
  files: z.array(uploadedFileSchema),
  history: z.array(stateChangeSchema),
  /** the caller's own review, or null */
  ownReview: reviewSchema.nullable(),
  /** others' reviews: empty (and `othersHidden` true) for a jury member until their own review is in */
  reviews: z.array(reviewSchema),
  othersHidden: z.boolean(),
  reviewCount: z.number().int(),
  averageScore: z.number().nullable(),
  notes: z.array(noteSchema),
  /** what the caller may do now */
  may: z.object({ decide: z.boolean(), review: z.boolean(), edit: z.boolean() }),
});
export type AdminDocumentationDetail = z.infer<typeof adminDocumentationDetailSchema>;

export { adminDocumentationList, adminDocumentationListStates };

export const adminDocumentationRowSchema = z.object({
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  state: z.enum(adminDocumentationListStates),
  submittedAt: isoTimestampSchema.nullable(),
  updatedAt: isoTimestampSchema.nullable(),
  /** reviews in / jury size */
  reviewCount: z.number().int(),
  jurySize: z.number().int(),
  reviewedByMe: z.boolean(),
  /** hidden (null) from a jury member who has not reviewed this form yet */
  averageScore: z.number().nullable(),
});
export type AdminDocumentationRow = z.infer<typeof adminDocumentationRowSchema>;
export const adminDocumentationPageSchema = listPageSchemaOf(adminDocumentationRowSchema);

export const adminDocumentationStateLabels: Record<(typeof adminDocumentationListStates)[number], string> = {
  draft: 'Entwurf',
  submitted: 'eingereicht',
  returned: 'zurückgegeben',
  approved: 'angenommen',
  rejected: 'abgelehnt',
  not_started: 'nicht begonnen',
};

/**
 * Issue 19, the jury's queue. "Waiting for my review": submitted forms (not decided yet) without the caller's review;
 * "done": forms the caller reviewed, the latest review first. A review has no draft state (every criterion is scored
 * on saving), so there is no "in progress".
 */
export const juryQueueItemSchema = z.object({
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  city: z.string(),
  state: z.enum(documentationStates),
  submittedAt: isoTimestampSchema.nullable(),
  /** the caller's review: when it was saved and its weighted total (null while waiting) */
  reviewedAt: isoTimestampSchema.nullable(),
  ownTotal: z.number().nullable(),
});
export type JuryQueueItem = z.infer<typeof juryQueueItemSchema>;
export const JURY_QUEUE_LIMIT = 20;
const queuePartSchema = z.object({
  /** at most JURY_QUEUE_LIMIT; the list page has all of them */
  items: z.array(juryQueueItemSchema),
  total: z.number().int(),
});
export const juryQueueSchema = z.object({
  seasonIdentifier: z.string(),
  seasonLabel: z.string(),
  waiting: queuePartSchema,
  done: queuePartSchema,
});
export type JuryQueue = z.infer<typeof juryQueueSchema>;

/** `after`: the form just reviewed; the next one follows it in the list's order (KiTa name), wrapping around */
export const nextUnreviewedQuerySchema = z.object({
  after: idParam.optional(),
});
export const nextUnreviewedSchema = z.object({
  /** null: every submitted form has the caller's review */
  next: z.object({ facilityId: z.number().int(), facilityLabel: z.string() }).nullable(),
  /** forms still waiting for the caller's review (without `after`'s own) */
  remaining: z.number().int(),
});
export type NextUnreviewed = z.infer<typeof nextUnreviewedSchema>;
