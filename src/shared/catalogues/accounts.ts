import { moduleCatalogue, atField, validationFailed } from './kit';

/** the e-mail links (accounts' TokenKind; spelled here so this file imports nothing) */
type TokenKind = 'activation' | 'password-reset' | 'email-change';

const linkAgain: Record<TokenKind, string> = {
  activation: 'Du kannst dir unter „Aktivierungslink erneut senden“ einen neuen schicken lassen.',
  'password-reset': 'Du kannst unter „Passwort vergessen“ einen neuen Link anfordern.',
  'email-change': 'Du kannst die Änderung in deinen Einstellungen noch einmal anstoßen.',
};

/** server/modules/accounts: its errors, its audit actions with their German names, the records its audit rows point at */
export const accounts = moduleCatalogue({
  errors: {
    /** links from e-mails (activation, password reset, e-mail change) */
    token: {
      malformed: {
        status: 400,
        code: 'token_malformed',
        message: () => 'Der Link ist unvollständig oder beschädigt. Bitte kopiere ihn vollständig aus der E-Mail.',
      },
      unknown: { status: 404, code: 'token_unknown', message: (kind: TokenKind) => `Diesen Link kennen wir nicht. ${linkAgain[kind]}` },
      expired: { status: 410, code: 'token_expired', message: (kind: TokenKind) => `Dieser Link ist abgelaufen. ${linkAgain[kind]}` },
      used: {
        status: 410,
        code: 'token_used',
        message: (kind: TokenKind) =>
          kind === 'activation'
            ? 'Dieser Link wurde schon benutzt – dein Benutzerkonto ist aktiviert. Du kannst dich anmelden.'
            : `Dieser Link wurde schon benutzt. ${linkAgain[kind]}`,
      },
      deactivated: { status: 403, code: 'account_deactivated', message: () => 'Dieses Benutzerkonto ist deaktiviert. Bitte wende dich an uns.' },
    },
    registration: {
      policy_outdated: {
        status: 409,
        code: 'policy_outdated',
        ...atField('privacyPolicyVersion', 'Inzwischen gilt eine neue Datenschutzerklärung. Bitte lies sie und bestätige sie noch einmal.'),
      },
      password_needed: { status: 400, code: 'validation_failed', message: validationFailed, fields: { password: 'Bitte lege ein Passwort fest.' } },
    },
    /** the logged-in account's own settings */
    me: {
      wrong_password: { status: 400, code: 'wrong_password', message: 'Das Passwort ist falsch.' },
      same_email: { status: 400, code: 'validation_failed', message: validationFailed, fields: { newEmail: 'Das ist schon deine E-Mail-Adresse.' } },
      email_taken: { status: 409, code: 'email_taken', message: 'Diese E-Mail-Adresse wird inzwischen von einem anderen Benutzerkonto verwendet.' },
      policy_outdated: {
        status: 409,
        code: 'policy_outdated',
        ...atField('acceptPrivacyPolicyVersion', 'Diese Fassung der Datenschutzerklärung gilt nicht mehr. Bitte lade die Seite neu.'),
      },
      last_admin: {
        status: 409,
        code: 'last_admin',
        message: 'Du bist die einzige Administratorin bzw. der einzige Administrator. Ernenne erst jemand anderen, bevor du dein Konto löschst.',
      },
      last_member: {
        status: 409,
        code: 'last_member',
        message: (labels: string[]) =>
          `Du bist das letzte Mitglied von ${labels.join(', ')}. Wenn du dein Konto löschst, kann niemand mehr die Daten dieser KiTa bearbeiten. Bitte bestätige, dass du trotzdem löschen möchtest.`,
      },
      /** re-authentication (password, second factor) is throttled like the login (server/modules/accounts/reauth.ts) */
      reauth_too_many_attempts: {
        status: 429,
        code: 'too_many_attempts',
        message: (clock: string) => `Zu viele falsche Versuche. Bitte versuche es um ${clock} Uhr wieder.`,
      },
      totp_already_enabled: { status: 409, code: 'totp_already_enabled', message: 'Der zweite Faktor ist schon eingerichtet.' },
      totp_invalid: {
        status: 400,
        code: 'totp_invalid',
        ...atField('code', 'Der Code stimmt nicht. Prüfe, ob die Uhrzeit deines Telefons stimmt, und gib den aktuellen Code ein.'),
      },
      totp_required: {
        status: 409,
        code: 'totp_required',
        message: 'Als Administrator*in brauchst du den zweiten Faktor; er lässt sich nicht ausschalten.',
      },
      totp_not_enabled: { status: 409, code: 'totp_not_enabled', message: 'Der zweite Faktor ist noch nicht eingerichtet.' },
    },
    /** the admin's account management */
    admin_accounts: {
      email_taken: {
        status: 409,
        code: 'email_taken',
        ...atField('email', 'Zu dieser E-Mail-Adresse gibt es schon ein Benutzerkonto.'),
      },
      facility_not_found: { status: 404, code: 'not_found', ...atField('facilityId', 'Diese KiTa gibt es nicht.') },
      person_not_found: { status: 404, code: 'not_found', ...atField('personId', 'Diese Person gibt es nicht.') },
      already_active: { status: 409, code: 'already_active', message: 'Dieses Benutzerkonto ist schon aktiviert.' },
      deactivated: { status: 409, code: 'account_deactivated', message: 'Dieses Benutzerkonto ist deaktiviert. Aktiviere es zuerst wieder.' },
      not_self: { status: 409, code: 'not_self', message: 'Das kannst du nicht für dein eigenes Konto tun.' },
      last_admin: { status: 409, code: 'last_admin', message: 'Es muss mindestens eine Administratorin bzw. ein Administrator bleiben.' },
      policy_exists: {
        status: 409,
        code: 'policy_exists',
        ...atField('version', 'Diese Fassung wurde schon veröffentlicht.'),
      },
    },
  },
  audit: {
    'account.create_first_admin': 'Erstes Admin-Konto angelegt',
    'account.register': 'Registriert',
    'account.activate': 'Konto aktiviert',
    'account.reset_password': 'Passwort zurückgesetzt',
    'account.update_profile': 'Name geändert',
    'account.request_email_change': 'Neue E-Mail-Adresse angefragt',
    'account.change_email': 'E-Mail-Adresse geändert',
    'account.change_password': 'Passwort geändert',
    'account.update_consents': 'Einwilligungen geändert',
    'account.export_data': 'Eigene Daten exportiert',
    'account.delete': 'Konto gelöscht',
    'account.enable_totp': 'Zweiten Faktor eingerichtet',
    'account.disable_totp': 'Zweiten Faktor ausgeschaltet',
    'account.renew_recovery_codes': 'Wiederherstellungscodes erneuert',
    'account.use_recovery_code': 'Wiederherstellungscode benutzt',
    'account.create': 'Konto angelegt (Verwaltung)',
    'account.resend_activation': 'Aktivierungslink erneut gesendet',
    'account.deactivate': 'Konto deaktiviert',
    'account.reactivate': 'Konto reaktiviert',
    'account.grant_admin': 'Verwaltungsrechte gegeben',
    'account.revoke_admin': 'Verwaltungsrechte entzogen',
    'account.grant_jury': 'In die Jury aufgenommen',
    'account.revoke_jury': 'Aus der Jury genommen',
    'session.end_others': 'Andere Sitzungen beendet',
    'session.end_all': 'Sitzungen beendet',
    'privacy_policy.publish': 'Datenschutzerklärung veröffentlicht',
    // issue 38: the retention rules unactivated-accounts and inactive-accounts (server/modules/accounts/retention.ts)
    'account.delete_by_retention': 'Konto gelöscht (Aufbewahrungsfrist)',
    'account.warn_by_retention': 'Vor Löschung wegen Inaktivität gewarnt',
  },
  entityTypes: ['user', 'privacy_policy'],
});
