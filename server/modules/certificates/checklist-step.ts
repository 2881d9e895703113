import { and, eq } from 'drizzle-orm';
import { germanDate } from '../../../src/shared/berlin-date';
import type { SeasonChecklist } from '../../../src/shared/contracts/season-enrolment';
import type { DbOrTx } from '../../db/client';
import type { SeasonRow } from '../seasons/seasons.table';
import { certificates } from './certificates.table';

/**
 * The checklist's last step (seasons gets it passed in by app.ts, ADR 0009): the KiTa's Urkunde of the season, once it
 * is issued and valid, with the page that downloads it. Before that there is no such step: the jury's step says how
 * the form was judged, and the checklist promises no certificate the association has not issued.
 */
export async function certificateStep(db: DbOrTx, facilityId: number, season: SeasonRow): Promise<SeasonChecklist['steps'][number] | null> {
  const [award] = await db
    .select({ issuedAt: certificates.issuedAt })
    .from(certificates)
    .where(
      and(
        eq(certificates.facilityId, facilityId),
        eq(certificates.seasonId, season.id),
        eq(certificates.kind, 'award'),
        eq(certificates.state, 'valid'),
      ),
    )
    // at most one: one valid Urkunde per KiTa and season (certificates_award_valid_uq)
    .limit(1);
  if (!award) return null;
  return {
    key: 'certificate',
    label: 'Urkunde herunterladen',
    state: 'open',
    detail: `Eure Urkunde liegt bereit, ausgestellt am ${germanDate(award.issuedAt)}`,
    deadline: null,
    path: '/auszeichnungsverantaltung',
  };
}
