import { moduleCatalogue } from './kit';

/** server/modules/season-report: its errors, its audit actions with their German names, the records its audit rows point at */
export const seasonReport = moduleCatalogue({
  errors: {
    /** the season report (issue 22) */
    season_report: {
      season_missing: { status: 404, code: 'not_found', message: 'Dieses KiTa-Jahr gibt es nicht.' },
    },
  },
});
