import { and, asc, eq } from 'drizzle-orm';
import { weightedScore, type AdminDocumentationDetail, type Review } from '../../../src/shared/contracts/admin-documentation';
import type { DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { personName } from '../../lib/record-helpers';
import { findActiveFacility } from '../facilities/facility-scope';
import type { SessionUser } from '../users/users.table';
import { users } from '../users/users.table';
import { formFiles, formHistory } from './form.queries';
import { effectiveTemplate, seasonByIdentifier } from './templates.service';
import { documentationForms, documentationNotes, documentationReviews, type DocumentationFormRow } from './documentation.table';
import { userName, userRef } from '../users/user-ref';

export type Caller = Pick<SessionUser, 'id' | 'isAdmin' | 'isJury'>;

/** states a form has after its first "Einreichen": the jury may review it */
export const reviewableStates: readonly DocumentationFormRow['state'][] = ['submitted', 'approved', 'returned', 'rejected'];
export const isReviewable = (form: Pick<DocumentationFormRow, 'state' | 'submittedAt'>) =>
  reviewableStates.includes(form.state) && form.submittedAt !== null;

/**
 * the KiTa's form of the season named in the path; 404 for an unknown season or a KiTa without a form there. With a
 * `caller` who is not an admin (the jury), a form never submitted (`draft`) answers 404 as well: the jury sees
 * submitted forms and the states after that, admins everything (issue 18).
 */
export async function formOf(db: DbOrTx, seasonIdentifier: string, facilityId: number, forUpdate = false, caller?: Pick<Caller, 'isAdmin'>) {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const q = db
    .select()
    .from(documentationForms)
    .where(and(eq(documentationForms.seasonId, season.id), eq(documentationForms.facilityId, facilityId)));
  const [form] = await (forUpdate ? q.for('update') : q);
  if (!form || (caller && !caller.isAdmin && !isReviewable(form))) throw fail('documentation.no_form');
  return { season, form };
}

/** the admin URL that serves one file of the form (only files of that form, see the file route) */
export const adminFileUrl = (seasonIdentifier: string, facilityId: number, fileId: number) =>
  `/api/admin/documentation/${seasonIdentifier}/${facilityId}/files/${fileId}`;

/** mean of the reviews' weighted totals, one decimal; computed in tenths so it rounds like PostgreSQL's `round` */
export function averageOf(totals: (number | null)[]): number | null {
  const tenths = totals.filter((t): t is number => t !== null).map((t) => Math.round(t * 10));
  if (tenths.length === 0) return null;
  return Math.round(tenths.reduce((a, b) => a + b, 0) / tenths.length) / 10;
}

async function reviewsOf(db: DbOrTx, formId: number): Promise<Review[]> {
  const rows = await db
    .select({ r: documentationReviews, u: userName })
    .from(documentationReviews)
    .innerJoin(users, eq(users.id, documentationReviews.reviewerId))
    .where(eq(documentationReviews.formId, formId))
    .orderBy(asc(documentationReviews.createdAt), asc(documentationReviews.id));
  return rows.map(({ r, u }) => ({
    reviewerId: r.reviewerId,
    reviewerName: personName(u),
    scores: r.scores,
    total: weightedScore(r.scores),
    comment: r.comment,
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const actor = userRef('actor');

async function notesOf(db: DbOrTx, formId: number) {
  const rows = await db
    .select({ n: documentationNotes, a: actor.name })
    .from(documentationNotes)
    .leftJoin(actor.table, actor.on(documentationNotes.authorId))
    .where(eq(documentationNotes.formId, formId))
    .orderBy(asc(documentationNotes.createdAt), asc(documentationNotes.id));
  return rows.map(({ n, a }) => ({ id: n.id, text: n.text, author: a ? personName(a) : null, createdAt: n.createdAt.toISOString() }));
}

/**
 * The form as admins and the jury see it. Reviews follow pretalx's rule: a jury member sees the others' reviews and
 * the average only once their own review is in (no anchoring on colleagues' scores); admins see everything.
 */
export async function adminDocumentationDetail(
  db: DbOrTx,
  seasonIdentifier: string,
  facilityId: number,
  caller: Caller,
): Promise<AdminDocumentationDetail> {
  const { season, form } = await formOf(db, seasonIdentifier, facilityId, false, caller);
  const facility = await findActiveFacility(db, facilityId);
  const { sections, scoreDescriptions } = await effectiveTemplate(db, season.id);
  const inTemplate = new Set(sections.flatMap((s) => s.questions.map((q) => q.key)));
  const answers: AdminDocumentationDetail['answers'] = {};
  const orphanAnswers: AdminDocumentationDetail['orphanAnswers'] = [];
  for (const [key, value] of Object.entries(form.answers)) {
    if (inTemplate.has(key)) answers[key] = value;
    else orphanAnswers.push({ key, value });
  }
  orphanAnswers.sort((a, b) => a.key.localeCompare(b.key));
  const all = await reviewsOf(db, form.id);
  const own = all.find((r) => r.reviewerId === caller.id) ?? null;
  const othersHidden = !caller.isAdmin && own === null;
  const reviewable = isReviewable(form);
  return {
    formId: form.id,
    facilityId,
    facilityLabel: facility?.label ?? '',
    city: facility?.city ?? '',
    region: facility?.region ?? null,
    seasonIdentifier: season.identifier,
    seasonLabel: season.label,
    state: form.state,
    version: form.version,
    submittedAt: form.submittedAt?.toISOString() ?? null,
    sections,
    scoreDescriptions,
    answers,
    orphanAnswers,
    files: await formFiles(db, form.id, (fileId) => adminFileUrl(season.identifier, facilityId, fileId)),
    history: await formHistory(db, form.id),
    ownReview: own,
    reviews: othersHidden ? [] : all.filter((r) => r.reviewerId !== caller.id),
    othersHidden,
    reviewCount: all.length,
    averageScore: othersHidden ? null : averageOf(all.map((r) => r.total)),
    notes: await notesOf(db, form.id),
    may: {
      decide: form.state === 'submitted',
      review: caller.isJury && reviewable,
      edit: caller.isAdmin,
    },
  };
}
