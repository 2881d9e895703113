import { moduleCatalogue } from './kit';

/** server/modules/health: its errors, its audit actions with their German names, the records its audit rows point at */
export const health = moduleCatalogue({
  errors: {
    /** operations: /api/metrics (SPEC §10) */
    health: {
      metrics_token: {
        status: 401,
        code: 'metrics_token',
        message: 'Der Zugangsschlüssel für die Messwerte fehlt oder stimmt nicht. Sende ihn als „Authorization: Bearer <METRICS_TOKEN>“.',
      },
    },
  },
});
