import { sql, type SQL } from 'drizzle-orm';
import type { SeasonReport } from '../../../src/shared/contracts/season-report';
import { queryRows, type DbOrTx } from '../../db/client';
import type { SeasonRef } from '../seasons/season-history';
import { SUBMITTED_STATES, type SeasonCounts } from './season-report.participation';

/**
 * A season the portal ran: it holds an enrolment (even a withdrawn one), a date, a team-workshop application or an
 * awarding event. A season only a legacy import created holds none of these.
 */
export const portalDataOf = (seasonId: SQL) => sql`(
  exists (select 1 from season_enrolments x where x.season_id = ${seasonId})
  or exists (select 1 from offerings x where x.season_id = ${seasonId})
  or exists (select 1 from team_workshop_applications x where x.season_id = ${seasonId})
  or exists (select 1 from awarding_events x where x.season_id = ${seasonId}))`;

/** how many seasons before the chosen one the comparison shows */
export const COMPARED_SEASONS = 5;

type Row = {
  id: number;
  identifier: string;
  label: string;
  portal: boolean;
  enrolled: number;
  submitted: number;
  approved: number;
  awarded: number;
  children: number | null;
  children_reported: number;
  imported_enrolled: number;
  imported_awarded: number;
};

/**
 * The season and up to five before it, oldest first, with the portal's figures of the seasons before (the chosen
 * season's are the participation groups' sums, {@link comparisonOf}: not counted twice) and what committed legacy
 * imports recorded for the seasons before the portal. One pass over those seasons' enrolments and imported records
 * (grouped by season), not one query per season; merged-away KiTas are left out by their few ids rather than by
 * joining every KiTa.
 */
export function comparisonRows(db: DbOrTx, season: SeasonRef): Promise<Row[]> {
  const submitted = sql.raw(SUBMITTED_STATES.map((s) => `'${s}'`).join(', '));
  return queryRows<Row>(
    db,
    sql`with s as materialized (
          select ss.id, ss.identifier, ss.label, ${portalDataOf(sql`ss.id`)} as portal from seasons ss
          where ss.identifier <= ${season.identifier} order by ss.identifier desc limit ${COMPARED_SEASONS + 1}),
        merged as (select id from facilities where merged_into_id is not null),
        p as (
          select se.season_id, count(*)::int as enrolled,
            count(*) filter (where d.state in (${submitted}))::int as submitted,
            count(*) filter (where d.state = 'approved')::int as approved,
            count(*) filter (where se.approved_for_award_at is not null or d.state = 'approved')::int as awarded,
            sum(se.children_taking_part)::int as children, count(se.children_taking_part)::int as children_reported
          from season_enrolments se
          join s on s.id = se.season_id and s.id <> ${season.id}
          left join documentation_forms d on d.facility_id = se.facility_id and d.season_id = se.season_id
          where se.withdrawn_at is null and se.facility_id not in (select id from merged)
          group by se.season_id),
        l as (
          select lr.season_id, count(distinct lr.facility_id)::int as enrolled,
            count(distinct lr.facility_id) filter (where lr.kind = 'award')::int as awarded
          from legacy_records lr
          join s on s.id = lr.season_id and not s.portal
          join legacy_imports li on li.id = lr.import_id and li.state = 'committed'
          where lr.facility_id not in (select id from merged)
          group by lr.season_id)
        select s.id, s.identifier, s.label, s.portal,
          coalesce(p.enrolled, 0) as enrolled, coalesce(p.submitted, 0) as submitted, coalesce(p.approved, 0) as approved,
          coalesce(p.awarded, 0) as awarded, p.children, coalesce(p.children_reported, 0) as children_reported,
          coalesce(l.enrolled, 0) as imported_enrolled, coalesce(l.awarded, 0) as imported_awarded
        from s left join p on p.season_id = s.id left join l on l.season_id = s.id
        order by s.identifier`,
  );
}

/**
 * A season the portal ran ({@link portalDataOf}) shows the portal's figures (the chosen one's from `chosen`); a
 * season before the portal shows what committed legacy imports recorded (enrolled, awarded; the rest "keine Daten");
 * a season with neither, no figures.
 */
export function comparisonOf(rows: Row[], season: SeasonRef, chosen: SeasonCounts | null): SeasonReport['comparison'] {
  return {
    seasons: rows.map((row) => {
      const r = Number(row.id) === season.id && chosen ? { ...row, ...chosen } : row;
      const base = { identifier: r.identifier, label: r.label };
      if (r.portal) {
        const enrolled = Number(r.enrolled);
        return {
          ...base,
          source: 'portal' as const,
          enrolled,
          submitted: Number(r.submitted),
          approved: Number(r.approved),
          awarded: Number(r.awarded),
          children: enrolled > 0 && Number(r.children_reported) === 0 ? null : Number(r.children ?? 0),
        };
      }
      if (Number(r.imported_enrolled) > 0) {
        return {
          ...base,
          source: 'import' as const,
          enrolled: Number(r.imported_enrolled),
          submitted: null,
          approved: null,
          awarded: Number(r.imported_awarded),
          children: null,
        };
      }
      return { ...base, source: 'none' as const, enrolled: null, submitted: null, approved: null, awarded: null, children: null };
    }),
  };
}
