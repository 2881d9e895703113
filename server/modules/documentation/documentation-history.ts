import { type SQL, sql } from 'drizzle-orm';
import { seasonIdsBefore, type SeasonRef } from '../seasons/season-history';
import { documentationForms } from './documentation.table';

/**
 * The documentation's part of a KiTa's history before `season` (columns facility_id, took_part, awarded): its approved
 * forms of earlier seasons count as awarded, whether or not the enrolment is still live. legacy-imports' historyBefore
 * joins it with the seasons' and the imports' parts.
 */
export const approvedFormsBefore = (season: Pick<SeasonRef, 'identifier'>): SQL =>
  sql`select d.facility_id, false as took_part, true as awarded
      from ${documentationForms} d
      where d.state = 'approved' and d.season_id in ${seasonIdsBefore(season)}`;
