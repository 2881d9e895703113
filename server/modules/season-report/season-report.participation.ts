import { sql } from 'drizzle-orm';
import type { SeasonReport } from '../../../src/shared/contracts/season-report';
import { queryRows, type DbOrTx } from '../../db/client';
import { regions } from '../facilities/regions';
import { historyBefore } from '../legacy-imports/legacy-history';
import type { SeasonRef } from '../seasons/season-history';

/**
 * Who took part: the KiTas live-enrolled to the season (not merged away), as the admin KiTa list filtered to the
 * season counts them, with their documentation form as the jury's list shows it (server/modules/documentation/
 * admin-documentation.list.ts). One grouped query over the season's enrolments; the sections are sums of its rows.
 */

/** a portal season's figures, counted like the funnel (the comparison's row of a season) */
export type SeasonCounts = Pick<Group, 'enrolled' | 'submitted' | 'approved' | 'awarded' | 'children' | 'children_reported'>;

/** the form's states after it was first submitted: the documentation list's "eingereicht" and what the jury made of it */
export const SUBMITTED_STATES = ['submitted', 'returned', 'approved', 'rejected'] as const;

/**
 * "ausgezeichnet" in the season: zur Auszeichnung zugelassen (the jury's approval sets it, an admin may) or the form
 * approved; the same rule as "awarded in an earlier season" of the e-mail lists (email-lists.queries.ts)
 */
const awardedSql = sql`(se.approved_for_award_at is not null or d.state = 'approved')`;

type Group = {
  region: string;
  kind: string;
  operator_kind: string;
  enrolled: number;
  submitted: number;
  approved: number;
  awarded: number;
  children: number | null;
  children_reported: number;
  staff: number | null;
  staff_reported: number;
  again: number;
  awarded_before: number;
};

/**
 * the live enrolments grouped by region, kind and operator kind, with every figure the three sections need. "Wieder
 * dabei" and "awarded before" come from the KiTas' history before the season ({@link historyBefore}, the e-mail
 * lists' "awarded in an earlier season"), grouped per KiTa once: one pass over earlier enrolments, forms and imported
 * records instead of five lookups per KiTa (2026-11-28: 20 → 13 ms of PostgreSQL CPU with 5,000 KiTas; looked up per
 * KiTa inside two aggregate filters it had been 150 ms).
 */
export function participationGroups(db: DbOrTx, season: SeasonRef): Promise<Group[]> {
  const submitted = sql.raw(SUBMITTED_STATES.map((s) => `'${s}'`).join(', '));
  return queryRows<Group>(
    db,
    sql`with h as (
          select h.facility_id, bool_or(h.took_part) as again, bool_or(h.awarded) as awarded_before
          from ${historyBefore(season)} h group by h.facility_id),
        e as (
          select f.region, f.kind, f.operator_kind, d.state, se.children_taking_part, f.staff_count, ${awardedSql} as awarded,
            coalesce(h.again, false) as again, coalesce(h.awarded_before, false) as awarded_before
          from season_enrolments se
          join facilities f on f.id = se.facility_id and f.merged_into_id is null
          left join documentation_forms d on d.facility_id = se.facility_id and d.season_id = se.season_id
          left join h on h.facility_id = se.facility_id
          where se.season_id = ${season.id} and se.withdrawn_at is null)
        select region, kind, operator_kind,
          count(*)::int as enrolled,
          count(*) filter (where state in (${submitted}))::int as submitted,
          count(*) filter (where state = 'approved')::int as approved,
          count(*) filter (where awarded)::int as awarded,
          sum(children_taking_part)::int as children,
          count(children_taking_part)::int as children_reported,
          sum(staff_count)::int as staff,
          count(staff_count)::int as staff_reported,
          count(*) filter (where again)::int as again,
          count(*) filter (where again and awarded_before)::int as awarded_before
        from e
        group by region, kind, operator_kind`,
  );
}

/** the seven Regierungsbezirke in the SPEC's order, then any other value the data holds */
export function regionOrder(present: Iterable<string>): string[] {
  const known: string[] = [...regions];
  return [...known, ...[...new Set(present)].filter((r) => !known.includes(r)).sort()];
}

const n = (v: unknown) => Number(v ?? 0);
const sumBy = <K extends string>(groups: Group[], keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, groups.reduce((a, g) => a + n(g[k as keyof Group]), 0)])) as Record<K, number>;

const funnelKeys = ['enrolled', 'submitted', 'approved', 'awarded'] as const;

export function funnelOf(groups: Group[]): NonNullable<SeasonReport['funnel']> {
  const rows = regionOrder(groups.map((g) => g.region)).map((region) => ({
    region,
    ...sumBy(
      groups.filter((g) => g.region === region),
      funnelKeys,
    ),
  }));
  return { rows, total: sumBy(groups, funnelKeys) };
}

export function facilitiesOf(groups: Group[]): NonNullable<SeasonReport['facilities']> {
  const cells = new Map<string, { kind: string; operatorKind: string; count: number }>();
  for (const g of groups) {
    const key = `${g.kind}\u0000${g.operator_kind}`;
    const cell = cells.get(key) ?? { kind: g.kind, operatorKind: g.operator_kind, count: 0 };
    cell.count += n(g.enrolled);
    cells.set(key, cell);
  }
  const t = sumBy(groups, ['enrolled', 'again', 'awarded_before'] as const);
  return { cells: [...cells.values()], enrolled: t.enrolled, new: t.enrolled - t.again, again: t.again, awardedBefore: t.awarded_before };
}

/** a sum over KiTas that may not have given their number: null when KiTas are there and none did */
function reachOf(groups: Group[]) {
  const t = sumBy(groups, ['enrolled', 'children', 'children_reported', 'staff', 'staff_reported'] as const);
  return {
    facilities: t.enrolled,
    children: t.enrolled > 0 && t.children_reported === 0 ? null : t.children,
    childrenMissing: t.enrolled - t.children_reported,
    staff: t.enrolled > 0 && t.staff_reported === 0 ? null : t.staff,
    staffMissing: t.enrolled - t.staff_reported,
  };
}

/** the chosen season's row of the comparison: the same sums, so it is not counted a second time */
export function seasonCountsOf(groups: Group[]): SeasonCounts {
  return sumBy(groups, ['enrolled', 'submitted', 'approved', 'awarded', 'children', 'children_reported'] as const);
}

export function reachSection(groups: Group[]): NonNullable<SeasonReport['reach']> {
  const rows = regionOrder(groups.map((g) => g.region)).map((region) => ({ region, ...reachOf(groups.filter((g) => g.region === region)) }));
  return { rows, total: reachOf(groups) };
}
