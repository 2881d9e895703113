import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  adminDocumentationList,
  adminDocumentationRowSchema,
  adminDocumentationStateLabels,
  juryCriteria,
  type AdminDocumentationRow,
} from '../../../src/shared/contracts/admin-documentation';
import type { ServerListQuery } from '../../../src/shared/contracts/list-query';
import { queryRows } from '../../db/client';
import { defineList, germanSort, type Cursor } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { facilities } from '../facilities/facilities.table';
import { seasonEnrolments } from '../seasons/seasons.table';
import { users } from '../users/users.table';
import { seasonIdentifierSchema } from '../../../src/shared/contracts/documentation-template';
import { seasonByIdentifier } from './templates.service';
import { documentationForms, documentationReviews } from './documentation.table';

type Query = ServerListQuery<(typeof adminDocumentationList)['sortKeys'][number], (typeof adminDocumentationList)['filters']>;
type Caller = { id: number; isAdmin: boolean };
type Ctx = { seasonId: number; seasonIdentifier: string; caller: Caller };

/**
 * One review's weighted score on the 0–5 scale, rounded to one decimal like `weightedScore()` of the contract
 * (criteria without a score count neither score nor weight). `r` is the review row's alias.
 */
export const reviewTotalSql = (r: string): SQL => {
  const num = juryCriteria.map((c) => `coalesce((${r}.scores->>'${c.key}')::numeric, 0) * ${c.weight}`).join(' + ');
  const den = juryCriteria.map((c) => `case when ${r}.scores ? '${c.key}' then ${c.weight} else 0 end`).join(' + ');
  return sql.raw(`round((${num}) / nullif(${den}, 0), 1)`);
};

const stateOrder = ['not_started', 'draft', 'submitted', 'returned', 'approved', 'rejected'];

// whitelisted ORDER BY expressions over the subquery `x` below
const x = (column: string) => sql.raw(`x.${column}`);
const sort = {
  facility: germanSort(x('facility_label')),
  region: x('region'),
  state: sql.raw(`array_position(array[${stateOrder.map((s) => `'${s}'`).join(',')}]::text[], x.state)`),
  submittedAt: x('submitted_at'),
  reviews: x('review_count'),
  // the average the caller may see: a jury member's unreviewed forms sort as "no score" (the order leaks nothing)
  score: x('visible_score'),
  updatedAt: x('updated_at'),
};

/**
 * Every KiTa with a live enrolment to the season, with its form (or none: `not_started`), review progress and the
 * average score as far as the caller may see it (a jury member only after their own review; admins always).
 */
function source(ctx: Ctx): SQL {
  const total = reviewTotalSql('r');
  return sql`(
    select f.id as facility_id, f.label as facility_label, f.postal_code, f.city, f.region,
           d.id as form_id, coalesce(d.state, 'not_started') as state, d.submitted_at,
           greatest(d.created_at, d.saved_at, d.submitted_at, d.decided_at) as updated_at,
           coalesce(rv.review_count, 0)::int as review_count,
           coalesce(rv.mine, false) as reviewed_by_me,
           rv.average as average_score,
           case when ${ctx.caller.isAdmin} or coalesce(rv.mine, false) then rv.average end as visible_score,
           (${jurySizeSql}) as jury_size
      from ${seasonEnrolments} se
      join ${facilities} f on f.id = se.facility_id
      left join ${documentationForms} d on d.facility_id = se.facility_id and d.season_id = se.season_id
      left join lateral (
        select count(*) as review_count, bool_or(r.reviewer_id = ${ctx.caller.id}) as mine, round(avg(${total}), 1) as average
          from ${documentationReviews} r where r.form_id = d.id
      ) rv on d.id is not null
     where se.season_id = ${ctx.seasonId} and se.withdrawn_at is null and f.merged_into_id is null
       -- the jury sees submitted forms and the states after that; admins every enrolled KiTa (issue 18)
       and (${ctx.caller.isAdmin} or (d.state in ('submitted', 'approved', 'returned', 'rejected') and d.submitted_at is not null))
  ) x`;
}

function whereOf(q: Query): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.state) parts.push(sql`x.state = ${q.state}`);
  if (q.region) parts.push(sql`x.region = ${q.region}`);
  if (q.reviewedByMe === 'yes') parts.push(sql`x.reviewed_by_me`);
  if (q.reviewedByMe === 'no') parts.push(sql`not x.reviewed_by_me`);
  if (q.q) {
    const p = likePattern(q.q);
    parts.push(sql`(x.facility_label ilike ${p} or x.city ilike ${p})`);
  }
  return sql.join(parts, sql` and `);
}

export type DocumentationListRow = {
  facility_id: number;
  facility_label: string;
  postal_code: string;
  city: string;
  region: string;
  form_id: number | null;
  state: AdminDocumentationRow['state'];
  submitted_at: Date | string | null;
  updated_at: Date | string | null;
  review_count: number;
  reviewed_by_me: boolean;
  average_score: string | number | null;
  visible_score: string | number | null;
  jury_size: number | string;
};

const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const toNumber = (v: string | number | null) => (v === null ? null : Number(v));

/** active accounts that judge: the "n" of "reviews m / n" (an uncorrelated subquery: evaluated once per query) */
const jurySizeSql = sql`select count(*)::int from ${users} where is_jury and activated_at is not null and deactivated_at is null`;

const itemOf = (r: DocumentationListRow): AdminDocumentationRow => ({
  facilityId: Number(r.facility_id),
  facilityLabel: r.facility_label,
  city: r.city,
  region: r.region,
  state: r.state,
  submittedAt: toIso(r.submitted_at),
  updatedAt: toIso(r.updated_at),
  reviewCount: Number(r.review_count),
  jurySize: Number(r.jury_size),
  reviewedByMe: r.reviewed_by_me,
  averageScore: toNumber(r.visible_score),
});

/** /api/admin/documentation/:seasonIdentifier and its exports (admins and the jury) */
export const adminDocumentationListDef = defineList({
  contract: adminDocumentationList,
  route: {
    url: '/api/admin/documentation/:seasonIdentifier',
    access: 'jury',
    tags: ['admin documentation'],
    params: z.object({ seasonIdentifier: seasonIdentifierSchema }),
  },
  context: async ({ db, params, user }): Promise<Ctx> => {
    const season = await seasonByIdentifier(db, params.seasonIdentifier);
    return { seasonId: season.id, seasonIdentifier: season.identifier, caller: { id: user.id, isAdmin: user.isAdmin } };
  },
  sort,
  tieBreaker: x('facility_id'),
  rows: (db, q, s, ctx) =>
    queryRows<DocumentationListRow & Cursor>(
      db,
      sql`select x.*, ${s.columnsSql} from ${source(ctx)} where ${whereOf(q)} and ${s.where ?? sql`true`}
          ${s.tailSql}`,
    ),
  item: itemOf,
  itemSchema: adminDocumentationRowSchema,
  export: {
    fileName: (ctx) => `dokumentationsboegen-liste-${ctx.seasonIdentifier}`,
    sheetName: 'Dokumentationsbögen',
    columns: [
      { header: 'KiTa', value: (r: DocumentationListRow) => r.facility_label, width: 36 },
      { header: 'PLZ', value: (r) => r.postal_code },
      { header: 'Ort', value: (r) => r.city },
      { header: 'Regierungsbezirk', value: (r) => r.region },
      { header: 'Status', value: (r) => adminDocumentationStateLabels[r.state] },
      { header: 'Eingereicht am', value: (r) => (r.submitted_at === null ? null : new Date(r.submitted_at)), kind: 'datetime' },
      { header: 'Zuletzt geändert', value: (r) => (r.updated_at === null ? null : new Date(r.updated_at)), kind: 'datetime' },
      { header: 'Bewertungen', value: (r) => Number(r.review_count), kind: 'number' },
      { header: 'Durchschnitt', value: (r) => toNumber(r.visible_score), kind: 'number' },
    ],
  },
});
