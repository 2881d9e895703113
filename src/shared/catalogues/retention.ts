import { moduleCatalogue } from './kit';

/** server/modules/retention (issue 38, SPEC §9): the retention rules and their runs */
export const retention = moduleCatalogue({
  errors: {
    retention: {
      running: {
        status: 409,
        code: 'retention_running',
        message: 'Die Löschung läuft gerade schon. Warte, bis sie fertig ist, und lade die Seite dann neu.',
      },
    },
  },
  audit: { 'retention.run': 'Aufbewahrungsfristen angewendet' },
  entityTypes: ['retention_run'],
});
