import { moduleCatalogue } from './kit';

/** server/modules/team-workshops: its errors, its audit actions with their German names, the records its audit rows point at */
export const teamWorkshops = moduleCatalogue({
  errors: {
    team_workshop: {
      deadline_passed: {
        status: 409,
        code: 'deadline_passed',
        message: (seasonLabel: string, deadline: string) => `Die Frist für Team-Workshop-Anträge zum ${seasonLabel} ist am ${deadline} abgelaufen.`,
      },
      already_applied: {
        status: 409,
        code: 'already_applied',
        message: (seasonLabel: string) =>
          `Deine KiTa hat für das ${seasonLabel} schon einen Team-Workshop beantragt. Du kannst den Antrag ändern, solange er eingereicht ist.`,
      },
      no_application: { status: 404, code: 'no_application', message: 'Deine KiTa hat in diesem KiTa-Jahr keinen offenen Team-Workshop-Antrag.' },
      already_decided: {
        status: 409,
        code: 'already_decided',
        message: (stateLabel: string) =>
          `Über euren Antrag ist schon entschieden (${stateLabel}); ändern oder zurückziehen geht nicht mehr. Schreib uns bei Fragen.`,
      },
      withdrawn: { status: 409, code: 'withdrawn', message: 'Die KiTa hat diesen Antrag zurückgezogen; darüber lässt sich nicht mehr entscheiden.' },
      invalid_transition: {
        status: 409,
        code: 'invalid_transition',
        message: (stateLabel: string, verb: string, from: string) => `Dieser Antrag ist ${stateLabel}; ${verb} geht nur, solange er ${from} ist.`,
      },
      facility_gone: { status: 409, code: 'facility_gone', message: 'Diese KiTa wurde mit einer anderen zusammengeführt; entscheide dort.' },
    },
  },
  audit: {
    'team_workshop_application.create': 'Team-Workshop beantragt',
    'team_workshop_application.update': 'Team-Workshop-Antrag geändert',
    'team_workshop_application.withdraw': 'Team-Workshop-Antrag zurückgezogen',
    'team_workshop_application.accept': 'Team-Workshop-Antrag angenommen',
    'team_workshop_application.decline': 'Team-Workshop-Antrag abgelehnt',
    'team_workshop_application.schedule': 'Team-Workshop terminiert',
  },
  entityTypes: ['team_workshop_application'],
});
