import { fail } from '../../lib/http-error';
import type { DbOrTx } from '../../db/client';
import { notFoundError } from '../../lib/record-helpers';
import { activeFacility, facilityIsActive } from '../facilities/facility-scope';
import { seasonQueries } from './seasons.queries';
import type { SeasonEnrolmentRow, SeasonRow } from './seasons.table';

/**
 * The server's twin of the client's `enrolled` guard, for every KiTa-bound call of the season (programme, team
 * workshop, …): the KiTa exists and is not merged away, a season is current, and the KiTa is enrolled to it.
 * Otherwise 403 `not_enrolled` saying what to do; `purpose` ends the sentence ("… dann kannst du Angebote buchen").
 */
export async function enrolledToCurrentSeason(
  db: DbOrTx,
  facilityId: number,
  purpose: string,
): Promise<{ season: SeasonRow; enrolment: SeasonEnrolmentRow }> {
  // one query on the hot paths (every autosave, every booking): the KiTa's check rides along with the season
  const current = await seasonQueries({ db }).currentWithLiveEnrolment(facilityId, facilityIsActive(facilityId));
  if (!current) {
    await activeFacility(db, facilityId); // an unknown KiTa answers 404 before "no current season"
    throw fail('season_guard.no_current_season', [purpose]);
  }
  if (!current.facilityActive) throw notFoundError();
  if (!current.enrolment) throw fail('season_guard.not_enrolled', [current.season.label, purpose]);
  return { season: current.season, enrolment: current.enrolment };
}
