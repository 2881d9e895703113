import { moduleCatalogue } from './kit';

/** server/modules/auth: its errors, its audit actions with their German names, the records its audit rows point at */
export const auth = moduleCatalogue({
  errors: {
    auth: {
      invalid_credentials: { status: 401, code: 'invalid_credentials', message: 'E-Mail-Adresse oder Passwort ist falsch.' },
      account_inactive: {
        status: 403,
        code: 'account_inactive',
        message: 'Dein Benutzerkonto ist nicht aktiv. Bitte bestätige deine E-Mail-Adresse oder wende dich an uns.',
      },
      too_many_attempts: {
        status: 429,
        code: 'too_many_attempts',
        message: (clock: string) => `Zu viele Anmeldeversuche. Bitte versuche es um ${clock} Uhr wieder.`,
      },
      totp_required: { status: 401, code: 'totp_required', message: 'Bitte gib den 6-stelligen Code aus deiner Authenticator-App ein.' },
      totp_invalid: {
        status: 401,
        code: 'totp_invalid',
        message: 'Der Code stimmt nicht. Bitte gib den aktuellen Code aus deiner Authenticator-App ein.',
      },
      totp_setup_required: {
        status: 401,
        code: 'totp_setup_required',
        message:
          'Als Administrator*in meldest du dich mit einem zweiten Faktor an. Scanne den QR-Code mit deiner Authenticator-App und gib dann den Code ein.',
      },
      totp_setup_invalid: {
        status: 401,
        code: 'totp_invalid',
        message: 'Der Code stimmt nicht. Prüfe, ob die Uhrzeit deines Telefons stimmt, und gib den aktuellen Code ein.',
      },
    },
  },
  audit: {
    'session.start': 'Sitzung begonnen',
    'session.end': 'Sitzung beendet',
  },
  entityTypes: ['user'],
});
