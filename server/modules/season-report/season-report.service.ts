import { sql } from 'drizzle-orm';
import type { SeasonReport } from '../../../src/shared/contracts/season-report';
import { queryRows, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { comparisonOf, comparisonRows, portalDataOf } from './season-report.comparison';
import { facilitiesOf, funnelOf, participationGroups, reachSection, seasonCountsOf } from './season-report.participation';
import { awardingSection, programmeSection, teamWorkshopsSection } from './season-report.programme';

/**
 * The season report (issue 22): a read model over the tables of seasons, facilities, documentation, programme,
 * team workshops and legacy imports, read by name (ADR 0009) and written nowhere. Six queries, started at once
 * (parallel on PostgreSQL's pool); each groups the season's rows once, the sections are sums of those groups.
 */
export async function seasonReport(db: DbOrTx, identifier: string): Promise<SeasonReport> {
  const [season] = await queryRows<{ id: number; identifier: string; label: string; is_current: boolean; portal: boolean }>(
    db,
    sql`select s.id, s.identifier, s.label, s.is_current, ${portalDataOf(sql`s.id`)} as portal from seasons s where s.identifier = ${identifier}`,
  );
  if (!season) throw fail('season_report.season_missing');
  const ref = { id: season.id, identifier: season.identifier, label: season.label };
  const head = { season: { identifier: season.identifier, label: season.label, isCurrent: season.is_current }, hasPortalData: season.portal };
  if (!season.portal) {
    const comparison = comparisonOf(await comparisonRows(db, ref), ref, null);
    return { ...head, funnel: null, facilities: null, reach: null, programme: null, teamWorkshops: null, awarding: null, comparison };
  }
  const [groups, programme, teamWorkshops, awarding, compared] = await Promise.all([
    participationGroups(db, ref),
    programmeSection(db, season.id),
    teamWorkshopsSection(db, season.id),
    awardingSection(db, season.id),
    comparisonRows(db, ref),
  ]);
  return {
    ...head,
    funnel: funnelOf(groups),
    facilities: facilitiesOf(groups),
    reach: reachSection(groups),
    programme,
    teamWorkshops,
    awarding,
    comparison: comparisonOf(compared, ref, seasonCountsOf(groups)),
  };
}
