import { moduleCatalogue, validationFailed } from './kit';

/** server/modules/seasons: its errors, its audit actions with their German names, the records its audit rows point at */
export const seasons = moduleCatalogue({
  errors: {
    season: {
      identifier_taken: {
        status: 409,
        code: 'identifier_taken',
        message: 'Ein KiTa-Jahr mit dieser Kennung gibt es schon.',
        fields: { identifier: 'Diese Kennung ist schon vergeben.' },
      },
    },
    season_enrolment: {
      no_season: {
        status: 409,
        code: 'enrolment_closed',
        message: 'Zurzeit ist kein KiTa-Jahr aktiv. Sobald die Anmeldung öffnet, kannst du deine KiTa hier anmelden.',
      },
      no_season_on_behalf: { status: 409, code: 'enrolment_closed', message: 'Zurzeit ist kein KiTa-Jahr aktiv.' },
      closed: {
        status: 409,
        code: 'enrolment_closed',
        message: (seasonLabel: string, opensOn: string | null) =>
          `Die Anmeldung zum ${seasonLabel} ist zurzeit geschlossen.${opensOn ? ` Sie öffnet voraussichtlich am ${opensOn}.` : ''}`,
      },
      deadline_passed: {
        status: 409,
        code: 'enrolment_closed',
        message: (seasonLabel: string, deadline: string) => `Die Anmeldefrist zum ${seasonLabel} ist am ${deadline} abgelaufen.`,
      },
      contact_not_staff: {
        status: 400,
        code: 'validation_failed',
        message: validationFailed,
        fields: { contactPersonId: 'Bitte wähle eine Ansprechperson aus eurem Personal.' },
      },
      not_enrolled: { status: 404, code: 'not_enrolled', message: 'Diese KiTa ist zu diesem KiTa-Jahr nicht angemeldet.' },
    },
    /** the guard of the calls that need the KiTa enrolled to the current season (programme, team workshop, …) */
    season_guard: {
      no_current_season: {
        status: 403,
        code: 'not_enrolled',
        message: (purpose: string) => `Zurzeit ist kein KiTa-Jahr aktiv. Sobald eines beginnt, kannst du hier ${purpose}.`,
      },
      not_enrolled: {
        status: 403,
        code: 'not_enrolled',
        message: (seasonLabel: string, purpose: string) =>
          `Deine KiTa ist nicht zum ${seasonLabel} angemeldet. Melde sie unter „KiTa-Jahr-Anmeldung“ an, dann kannst du ${purpose}.`,
      },
      not_enrolled_admin: {
        status: 403,
        code: 'not_enrolled',
        message: (seasonLabel: string) => `Diese KiTa ist nicht zum ${seasonLabel} angemeldet.`,
      },
      enrolment_withdrawn: { status: 409, code: 'enrolment_withdrawn', message: 'Diese Anmeldung zum KiTa-Jahr wurde zurückgezogen.' },
    },
  },
  audit: {
    'season.create': 'KiTa-Jahr angelegt',
    'season.update': 'KiTa-Jahr geändert',
    'season.enrolment_open': 'Anmeldung geöffnet',
    'season.enrolment_close': 'Anmeldung geschlossen',
    'season.make_current': 'Zum aktuellen KiTa-Jahr gemacht',
    'season_enrolment.create': 'Zum KiTa-Jahr angemeldet',
    'season_enrolment.create_on_behalf': 'Zum KiTa-Jahr angemeldet (Verwaltung)',
    'season_enrolment.update': 'Anmeldung geändert',
    'season_enrolment.update_on_behalf': 'Anmeldung geändert (Verwaltung)',
    'season_enrolment.withdraw': 'Vom KiTa-Jahr abgemeldet',
    'season_enrolment.withdraw_on_behalf': 'Vom KiTa-Jahr abgemeldet (Verwaltung)',
    'season_enrolment.approve_for_award': 'Zur Auszeichnung zugelassen',
    'season_enrolment.revoke_award_approval': 'Zulassung zur Auszeichnung zurückgenommen',
    'season.create_by_import': 'KiTa-Jahr durch einen Import alter Daten angelegt',
    'season.delete_by_import_undo': 'KiTa-Jahr mit seinem Import entfernt',
  },
  entityTypes: ['season', 'season_enrolment'],
});
