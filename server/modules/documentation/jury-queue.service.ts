import { sql } from 'drizzle-orm';
import {
  JURY_QUEUE_LIMIT,
  weightedScore,
  type JuryQueue,
  type JuryQueueItem,
  type NextUnreviewed,
} from '../../../src/shared/contracts/admin-documentation';
import type { DocumentationState } from '../../../src/shared/contracts/documentation-list';
import { queryRows, type DbOrTx } from '../../db/client';
import { germanSort } from '../../lib/list-kit';
import { facilities } from '../facilities/facilities.table';
import { seasonEnrolments } from '../seasons/seasons.table';
import type { Caller } from './admin-documentation.service';
import { documentationForms, documentationReviews } from './documentation.table';
import { seasonByIdentifier } from './templates.service';

type Row = {
  facility_id: number;
  facility_label: string;
  city: string;
  state: DocumentationState;
  submitted_at: Date | string | null;
  reviewed_at: Date | string | null;
  scores: Record<string, number> | null;
};

const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Issue 19: the season's forms as one jury member works through them, in the list's order (KiTa name as the list's
 * `facility` sort, then id), with the caller's own review. Only forms the list shows: a live enrolment, a KiTa not
 * merged away.
 */
async function formsWithOwnReview(db: DbOrTx, seasonId: number, caller: Caller) {
  const rows = await queryRows<Row>(
    db,
    sql`select f.id as facility_id, f.label as facility_label, f.city, d.state, d.submitted_at,
               r.updated_at as reviewed_at, r.scores
          from ${documentationForms} d
          join ${seasonEnrolments} se on se.facility_id = d.facility_id and se.season_id = d.season_id and se.withdrawn_at is null
          join ${facilities} f on f.id = d.facility_id and f.merged_into_id is null
          left join ${documentationReviews} r on r.form_id = d.id and r.reviewer_id = ${caller.id}
         where d.season_id = ${seasonId}
         order by ${germanSort(sql.raw('f.label'))}, f.id`,
  );
  return rows.map((r): JuryQueueItem => ({
    facilityId: Number(r.facility_id),
    facilityLabel: r.facility_label,
    city: r.city,
    state: r.state,
    submittedAt: toIso(r.submitted_at),
    reviewedAt: toIso(r.reviewed_at),
    ownTotal: r.scores ? weightedScore(r.scores) : null,
  }));
}

/** submitted (not decided yet) and without the caller's review */
const waitsForMe = (item: JuryQueueItem) => item.state === 'submitted' && item.reviewedAt === null;

/** GET …/{seasonIdentifier}/queue */
export async function juryQueue(db: DbOrTx, seasonIdentifier: string, caller: Caller): Promise<JuryQueue> {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const all = await formsWithOwnReview(db, season.id, caller);
  const waiting = all.filter(waitsForMe);
  const done = all.filter((i) => i.reviewedAt !== null).sort((a, b) => (a.reviewedAt! < b.reviewedAt! ? 1 : a.reviewedAt! > b.reviewedAt! ? -1 : 0));
  return {
    seasonIdentifier: season.identifier,
    seasonLabel: season.label,
    waiting: { items: waiting.slice(0, JURY_QUEUE_LIMIT), total: waiting.length },
    done: { items: done.slice(0, JURY_QUEUE_LIMIT), total: done.length },
  };
}

/**
 * GET …/{seasonIdentifier}/next-unreviewed?after=: the first form waiting for the caller's review that follows
 * `after` in the list's order, wrapping around to the top; without `after` (or one the season has no form of) the
 * first waiting form.
 */
export async function nextUnreviewed(db: DbOrTx, seasonIdentifier: string, after: number | undefined, caller: Caller): Promise<NextUnreviewed> {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const all = await formsWithOwnReview(db, season.id, caller);
  const at = all.findIndex((i) => i.facilityId === after);
  const rotated = at < 0 ? all : [...all.slice(at + 1), ...all.slice(0, at)];
  const waiting = rotated.filter((i) => waitsForMe(i) && i.facilityId !== after);
  const next = waiting[0];
  return { next: next ? { facilityId: next.facilityId, facilityLabel: next.facilityLabel } : null, remaining: waiting.length };
}
