import { moduleCatalogue } from './kit';

/** server/modules/season-transition (issue 38): "Nächstes KiTa-Jahr vorbereiten" */
export const seasonTransition = moduleCatalogue({
  errors: {
    season_transition: {
      no_identifier: {
        status: 409,
        code: 'season_identifier_unusable',
        message: 'Aus der Kennung dieses KiTa-Jahres lässt sich kein nächstes KiTa-Jahr ableiten (erwartet: JJJJ-JJ, z. B. 2026-27).',
      },
    },
  },
  audit: { 'season.prepare_next': 'Nächstes KiTa-Jahr vorbereitet' },
});
