/**
 * Every failure the API answers on purpose (SPEC §3), one catalogue per module: the stable wire `code` the client
 * switches on, the HTTP status and the German message (du-form). Plain data, no zod, so the client imports it
 * cheaply. The server raises errors only through `fail('<module>.<name>')` (server/lib/http-error.ts).
 *
 * An entry's id (`<module>.<name>`) is for the server; the wire `code` is what clients see and stays stable. Two
 * entries may share a code when the client treats them alike and only the text differs (e.g. `me.email_taken`
 * and `admin_accounts.email_taken`). `fields` are fixed field messages; a message may take arguments.
 */

/** the e-mail links (accounts' TokenKind; spelled here so this file imports nothing) */
type TokenKind = 'activation' | 'password-reset' | 'email-change';

type Entry = {
  readonly status: number;
  readonly code: string;
  readonly message: string | ((...args: never[]) => string);
  readonly fields?: Readonly<Record<string, string>>;
};
const entries = <const T extends Record<string, Entry>>(t: T) => t;
/** a message that the form also shows at one field (the text written once) */
const atField = <const F extends string, const M extends string>(field: F, message: M) => ({ message, fields: { [field]: message } as Record<F, M> });

/** The one German text for a stale version (optimistic concurrency); forms show it next to a reload. */
export const conflictMessage =
  'Jemand anderes hat diese Daten inzwischen geändert. Deine Eingaben sind noch da: Lade den aktuellen Stand neu und trage sie dann noch einmal ein.';

const validationFailed = 'Bitte prüfe deine Eingaben.';

const linkAgain: Record<TokenKind, string> = {
  activation: 'Du kannst dir unter „Aktivierungslink erneut senden“ einen neuen schicken lassen.',
  'password-reset': 'Du kannst unter „Passwort vergessen“ einen neuen Link anfordern.',
  'email-change': 'Du kannst die Änderung in deinen Einstellungen noch einmal anstoßen.',
};

export const errorCatalogue = {
  /** framework, access and record-level failures every module shares */
  common: entries({
    unauthenticated: { status: 401, code: 'unauthenticated', message: 'Bitte melde dich an.' },
    forbidden: { status: 403, code: 'forbidden', message: 'Dafür fehlt dir die Berechtigung.' },
    not_found: { status: 404, code: 'not_found', message: 'Das gibt es hier nicht.' },
    conflict: { status: 409, code: 'conflict', message: conflictMessage },
    validation_failed: { status: 400, code: 'validation_failed', message: validationFailed },
    bad_request: { status: 400, code: 'bad_request', message: 'Die Anfrage konnte nicht verarbeitet werden.' },
    invalid_json: { status: 400, code: 'invalid_json', message: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).' },
    payload_too_large: { status: 413, code: 'payload_too_large', message: 'Die Anfrage ist zu groß.' },
    unsupported_media_type: { status: 415, code: 'unsupported_media_type', message: 'Dieses Datenformat wird nicht unterstützt.' },
    too_many_requests: {
      status: 429,
      code: 'too_many_requests',
      message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.',
    },
    origin_mismatch: { status: 403, code: 'origin_mismatch', message: 'Die Anfrage kam von einer fremden Seite und wurde abgelehnt.' },
    // the framework layer's answers (server/plugins/error-handler.ts, json-body.ts): before or outside any route
    bad_url: { status: 400, code: 'bad_url', message: 'Die Adresse ist ungültig (fehlerhafte Zeichen).' },
    uri_too_long: { status: 414, code: 'uri_too_long', message: 'Die Adresse ist zu lang.' },
    headers_too_large: { status: 431, code: 'headers_too_large', message: 'Die Anfrage ist zu groß (zu lange Adresse oder Kopfzeilen).' },
    request_timeout: { status: 408, code: 'request_timeout', message: 'Die Anfrage hat zu lange gedauert. Bitte versuche es noch einmal.' },
    json_too_deep: { status: 400, code: 'json_too_deep', message: 'Die Anfrage ist zu tief verschachtelt.' },
    internal_error: {
      status: 500,
      code: 'internal_error',
      message: (errorId: string) => `Auf unserer Seite ist ein Fehler aufgetreten. Bitte versuche es später noch einmal. (Fehler-ID: ${errorId})`,
    },
  }),
  auth: entries({
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
  }),
  /** links from e-mails (activation, password reset, e-mail change) */
  token: entries({
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
  }),
  registration: entries({
    policy_outdated: {
      status: 409,
      code: 'policy_outdated',
      ...atField('privacyPolicyVersion', 'Inzwischen gilt eine neue Datenschutzerklärung. Bitte lies sie und bestätige sie noch einmal.'),
    },
    password_needed: { status: 400, code: 'validation_failed', message: validationFailed, fields: { password: 'Bitte lege ein Passwort fest.' } },
  }),
  /** the logged-in account's own settings */
  me: entries({
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
  }),
  /** the admin's account management */
  admin_accounts: entries({
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
  }),
  facility: entries({
    already_member: { status: 409, code: 'already_member', message: 'Du gehörst schon zu dieser KiTa.' },
    already_requested: {
      status: 409,
      code: 'already_requested',
      message: 'Du hast schon um Aufnahme in diese KiTa gebeten. Ihre Mitglieder entscheiden bald.',
    },
    already_decided: { status: 409, code: 'already_decided', message: 'Über diese Anfrage wurde schon entschieden.' },
    already_merged: { status: 409, code: 'already_merged', message: 'Eine der beiden KiTas wurde schon mit einer anderen zusammengeführt.' },
    last_member: {
      status: 409,
      code: 'last_member',
      message: (name: string, facility: string, self: boolean) =>
        `${self ? 'Du bist' : `${name} ist`} das letzte Mitglied von „${facility}“. Danach kann niemand mehr die Daten dieser KiTa im Portal bearbeiten. Bitte bestätige, dass du den Zugriff trotzdem entziehen möchtest.`,
    },
  }),
  person: entries({
    email_missing: {
      status: 400,
      code: 'email_missing',
      message: 'Trage zuerst eine E-Mail-Adresse für diese Person ein.',
      fields: { email: 'Für die Einladung wird eine E-Mail-Adresse gebraucht.' },
    },
    already_linked: { status: 409, code: 'already_linked', message: 'Diese Person hat schon ein Benutzerkonto.' },
    /** the mail budget (docs/decisions/0003-mail-outbox.md): an invitation is the request's whole point, so it says so */
    invitation_mail_budget: {
      status: 429,
      code: 'mail_budget',
      message:
        'Aus eurer KiTa oder an diese Adresse sind gerade zu viele E-Mails gegangen. Die Einladung wurde nicht verschickt; bitte versuche es später noch einmal.',
    },
    /** staff entries a KiTa may create per day (person.service.ts) */
    too_many_created: {
      status: 429,
      code: 'too_many_persons',
      message: 'Eure KiTa hat heute schon sehr viele Personen angelegt. Weitere kannst du morgen anlegen; wenn ihr mehr braucht, schreib uns.',
    },
    invitation_invalid: {
      status: 404,
      code: 'invitation_invalid',
      message: 'Dieser Einladungslink ist ungültig oder abgelaufen. Bitte lass dich noch einmal einladen.',
    },
    invitation_other_email: {
      status: 409,
      code: 'invitation_other_email',
      message:
        'Diese Einladung gilt für eine andere E-Mail-Adresse als die deines Benutzerkontos. Melde dich mit der Adresse an, an die die Einladung ging – oder bitte die Mitglieder der KiTa, im Personal deine Adresse einzutragen und dich neu einzuladen.',
    },
  }),
  season: entries({
    identifier_taken: {
      status: 409,
      code: 'identifier_taken',
      message: 'Ein KiTa-Jahr mit dieser Kennung gibt es schon.',
      fields: { identifier: 'Diese Kennung ist schon vergeben.' },
    },
  }),
  /** issue 38: "Nächstes KiTa-Jahr vorbereiten" and the retention job (server/modules/season-transition, server/modules/retention) */
  season_transition: entries({
    no_identifier: {
      status: 409,
      code: 'season_identifier_unusable',
      message: 'Aus der Kennung dieses KiTa-Jahres lässt sich kein nächstes KiTa-Jahr ableiten (erwartet: JJJJ-JJ, z. B. 2026-27).',
    },
  }),
  retention: entries({
    running: {
      status: 409,
      code: 'retention_running',
      message: 'Die Löschung läuft gerade schon. Warte, bis sie fertig ist, und lade die Seite dann neu.',
    },
  }),
  season_enrolment: entries({
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
  }),
  /** the guard of the calls that need the KiTa enrolled to the current season (programme, team workshop, …) */
  season_guard: entries({
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
  }),
  team_workshop: entries({
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
  }),
  /** the documentation form and the jury (issue 12) */
  documentation: entries({
    no_form: { status: 404, code: 'no_form', message: 'Diese KiTa hat in diesem KiTa-Jahr keinen Dokumentationsbogen.' },
    season_missing: { status: 404, code: 'not_found', message: 'Dieses KiTa-Jahr gibt es nicht.' },
    not_allowed: {
      status: 409,
      code: 'documentation_closed',
      message: (seasonLabel: string) => `Für das ${seasonLabel} ist die Dokumentation noch nicht freigegeben.`,
    },
    deadline_passed: {
      status: 409,
      code: 'documentation_closed',
      message: (deadline: string) =>
        `Die Frist für den Dokumentationsbogen ist am ${deadline} abgelaufen. Schreib uns, wenn du noch etwas ändern musst.`,
    },
    locked: {
      status: 409,
      code: 'form_locked',
      message: (stateLabel: string) => `Der Dokumentationsbogen ist ${stateLabel} und lässt sich nicht mehr ändern.`,
    },
    already_submitted: { status: 409, code: 'already_submitted', message: 'Der Dokumentationsbogen ist schon eingereicht.' },
    incomplete: {
      status: 400,
      code: 'validation_failed',
      message: 'Bitte beantworte zuerst alle Pflichtfragen. Die erste offene Frage ist markiert.',
    },
    invalid_answers: { status: 400, code: 'validation_failed', message: validationFailed },
    unknown_question: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { questionKey: 'Diese Frage gibt es im Dokumentationsbogen nicht.' },
    },
    not_a_files_question: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { questionKey: 'Zu dieser Frage lassen sich keine Dateien hochladen.' },
    },
    wrong_file_type: {
      status: 400,
      code: 'wrong_file_type',
      message: (allowed: string) => `Diese Datei ist kein erlaubter Dateityp (erlaubt: ${allowed}). Ihr Inhalt zählt, nicht ihr Name.`,
    },
    empty_file: { status: 400, code: 'empty_file', message: 'Diese Datei ist leer.' },
    file_too_large: { status: 413, code: 'file_too_large', message: (maxMb: number) => `Diese Datei ist zu groß (höchstens ${maxMb} MB).` },
    form_too_large: {
      status: 413,
      code: 'form_too_large',
      message: (maxMb: number) =>
        `Alle Dateien des Dokumentationsbogens zusammen dürfen höchstens ${maxMb} MB groß sein. Lösche zuerst eine andere Datei.`,
    },
    too_many_files: {
      status: 409,
      code: 'too_many_files',
      message: (max: number) => `Zu dieser Frage lassen sich höchstens ${max} Dateien hochladen.`,
    },
    image_unreadable: {
      status: 400,
      code: 'image_unreadable',
      message:
        'Dieses Bild lässt sich nicht öffnen: Die Datei ist beschädigt oder kein gültiges Foto. Speichere es bitte neu (z. B. als JPEG) und lade es noch einmal hoch.',
    },
    image_too_many_pixels: {
      status: 400,
      code: 'image_too_large',
      message: (maxMegapixels: number) =>
        `Dieses Bild ist zu groß (höchstens ${maxMegapixels} Megapixel). Verkleinere es bitte und lade es dann noch einmal hoch.`,
    },
    pdf_unreadable: {
      status: 400,
      code: 'pdf_unreadable',
      message: 'Diese PDF-Datei ist unvollständig oder beschädigt. Speichere sie bitte neu und lade sie noch einmal hoch.',
    },
    too_many_uploads: {
      status: 429,
      code: 'too_many_uploads',
      message: (max: number) => `Du lädst gerade schon ${max} Dateien hoch. Warte, bis sie fertig sind, und versuch es dann noch einmal.`,
    },
    file_missing: { status: 404, code: 'not_found', message: 'Diese Datei gibt es nicht (mehr).' },
    invalid_transition: {
      status: 409,
      code: 'invalid_transition',
      message: (stateLabel: string) => `Der Dokumentationsbogen ist ${stateLabel}; diese Entscheidung geht nur bei einem eingereichten Bogen.`,
    },
    review_not_submitted: { status: 409, code: 'not_submitted', message: 'Bewerten lässt sich ein Bogen erst, wenn die KiTa ihn eingereicht hat.' },
    template_copy_missing: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { fromSeasonIdentifier: 'Dieses KiTa-Jahr hat keine eigene Vorlage.' },
    },
    not_jury: { status: 403, code: 'forbidden', message: 'Das dürfen nur Administratorinnen, Administratoren und die Jury.' },
    review_jury_only: { status: 403, code: 'forbidden', message: 'Bewerten dürfen nur Mitglieder der Jury.' },
    not_enrolled_for_award: {
      status: 409,
      code: 'not_enrolled',
      message: 'Die KiTa ist zu diesem KiTa-Jahr nicht (mehr) angemeldet; ohne Anmeldung lässt sich der Bogen nicht annehmen.',
    },
    pdf_failed: {
      status: 409,
      code: 'pdf_failed',
      message:
        'Das PDF dieses Dokumentationsbogens ließ sich nicht erstellen (vielleicht ist ein Foto beschädigt oder zu groß). Im Portal kannst du dir den Bogen mit seinen Antworten und Fotos ansehen.',
    },
  }),
  /** the season's programme (training events, hospitations, awarding events; issue 11) */
  programme: entries({
    rush: { status: 409, code: 'rush', message: 'Gerade melden sich sehr viele an. Bitte versuch es gleich noch einmal.' },
    already_booked: { status: 409, code: 'already_booked', message: (name: string) => `${name} ist für diesen Termin schon angemeldet.` },
    already_booked_someone: { status: 409, code: 'already_booked', message: 'Diese Person ist für diesen Termin schon angemeldet.' },
    move_already_booked: { status: 409, code: 'already_booked', message: 'Eine der Personen ist für den neuen Termin schon angemeldet.' },
    not_current_season: { status: 409, code: 'offering_closed', message: 'Dieser Termin gehört nicht zum aktuellen KiTa-Jahr.' },
    offering_cancelled: { status: 409, code: 'offering_cancelled', message: 'Dieser Termin wurde abgesagt.' },
    move_target_cancelled: { status: 409, code: 'offering_cancelled', message: 'Der neue Termin wurde abgesagt.' },
    awarding_event_cancelled: { status: 409, code: 'offering_cancelled', message: 'Diese Auszeichnungsveranstaltung wurde abgesagt.' },
    registration_not_open: { status: 409, code: 'registration_closed', message: (opensAt: string) => `Anmeldung ab ${opensAt}.` },
    registration_over: { status: 409, code: 'registration_closed', message: (closedAt: string) => `Die Anmeldung ist seit ${closedAt} geschlossen.` },
    registration_closed: { status: 409, code: 'registration_closed', message: (why: string) => why },
    limit_per_event: {
      status: 409,
      code: 'limit_per_event',
      message: (n: number) => `Pro KiTa ${n === 1 ? 'ist bei diesem Termin eine Person' : `sind bei diesem Termin höchstens ${n} Personen`} möglich.`,
    },
    limit_per_module: {
      status: 409,
      code: 'limit_per_module',
      message: (n: number, module: string) =>
        `Pro KiTa ${n === 1 ? `ist im Modul „${module}“ eine Anmeldung` : `sind im Modul „${module}“ höchstens ${n} Anmeldungen`} möglich.`,
    },
    other_awarding_event: {
      status: 409,
      code: 'other_awarding_event',
      message: (event: string) =>
        `Deine KiTa ist schon für die Auszeichnungsveranstaltung „${event}“ angemeldet; eine KiTa nimmt an einer Veranstaltung teil.`,
    },
    one_workshop_per_person: {
      status: 409,
      code: 'one_workshop_per_person',
      message: (name: string) => `${name} ist schon für einen Workshop dieser Veranstaltung angemeldet.`,
    },
    limit_attendees: {
      status: 409,
      code: 'limit_attendees',
      message: (n: number) => `Pro KiTa können höchstens ${n} Personen an dieser Veranstaltung teilnehmen.`,
    },
    not_approved: { status: 403, code: 'not_approved', message: 'Deine KiTa ist noch nicht zur Auszeichnung zugelassen.' },
    not_approved_admin: { status: 403, code: 'not_approved', message: 'Diese KiTa ist nicht zur Auszeichnung zugelassen.' },
    enrolment_already_cancelled: { status: 409, code: 'already_cancelled', message: 'Diese Anmeldung ist schon storniert.' },
    attended_cannot_cancel: { status: 409, code: 'attended', message: 'Eine Teilnahme kann nicht storniert werden.' },
    offering_started: { status: 409, code: 'offering_started', message: 'Der Termin hat schon begonnen; stornieren geht jetzt nicht mehr.' },
    module_has_events: { status: 409, code: 'module_has_events', message: 'Dieses Modul hat Termine. Lösche oder verschiebe zuerst die Termine.' },
    not_draft: { status: 409, code: 'not_draft', message: 'Nur ein Entwurf kann veröffentlicht werden.' },
    awarding_event_already_cancelled: { status: 409, code: 'already_cancelled', message: 'Diese Veranstaltung ist schon abgesagt.' },
    offering_already_cancelled: { status: 409, code: 'already_cancelled', message: 'Dieser Termin ist schon abgesagt.' },
    no_seat_to_confirm: {
      status: 409,
      code: 'no_seat',
      message: 'Es ist kein Platz frei. Zum Bestätigen über die Kapazität hinaus setze „Über die Kapazität hinaus“.',
    },
    not_waitlisted: { status: 409, code: 'not_waitlisted', message: 'Bestätigen lassen sich nur Anmeldungen auf der Warteliste.' },
    not_confirmed: { status: 409, code: 'not_confirmed', message: 'Als teilgenommen markieren lassen sich nur bestätigte Anmeldungen.' },
    not_live: { status: 409, code: 'not_live', message: 'Verschieben lassen sich nur bestätigte Anmeldungen und solche auf der Warteliste.' },
    persons_not_staff: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { personIds: 'Bitte wähle Personen aus dem Personal der KiTa.' },
    },
    season_missing: { status: 400, code: 'validation_failed', message: validationFailed, fields: { seasonId: 'Dieses KiTa-Jahr gibt es nicht.' } },
    module_season_fixed: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { seasonId: 'Das KiTa-Jahr eines Moduls mit Terminen lässt sich nicht ändern.' },
    },
    awarding_event_season_fixed: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { seasonId: 'Das KiTa-Jahr einer Auszeichnungsveranstaltung lässt sich nicht ändern.' },
    },
    module_other_season: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { moduleId: 'Bitte wähle ein Modul dieses KiTa-Jahres.' },
    },
    host_missing: { status: 400, code: 'validation_failed', message: validationFailed, fields: { hostFacilityId: 'Diese KiTa gibt es nicht.' } },
    awarding_event_other_season: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { awardingEventId: 'Bitte wähle eine Auszeichnungsveranstaltung dieses KiTa-Jahres.' },
    },
    kind_fixed: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { kind: 'Die Art eines Termins lässt sich nicht ändern.' },
    },
    move_target_same: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { targetOfferingId: 'Bitte wähle einen anderen Termin.' },
    },
    move_target_other_module: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { targetOfferingId: 'Bitte wähle einen Termin desselben Moduls.' },
    },
    move_target_other_kind: {
      status: 400,
      code: 'validation_failed',
      message: validationFailed,
      fields: { targetOfferingId: 'Bitte wähle einen Termin derselben Art.' },
    },
  }),
  /** the legacy import (issue 24): a bad file changes nothing and says why */
  legacy_import: entries({
    file_too_large: {
      status: 413,
      code: 'file_too_large',
      message: (mb: number) => `Die Datei ist größer als ${mb} MB. Teile sie bitte in mehrere Dateien auf.`,
    },
    empty: { status: 400, code: 'legacy_file_invalid', message: 'Die Datei ist leer. Bitte wähle die Datei mit den alten Daten.' },
    // the upload form (multipart/form-data, one file in the field `datei`)
    file_missing: {
      status: 400,
      code: 'validation_failed',
      ...atField('datei', 'Es kam keine Datei an. Bitte wähle die Datei mit den alten Daten (Formularfeld „datei“).'),
    },
    one_file: { status: 400, code: 'validation_failed', ...atField('datei', 'Bitte lade genau eine Datei auf einmal hoch.') },
    file_name_too_long: {
      status: 400,
      code: 'validation_failed',
      ...atField('datei', 'Der Dateiname ist zu lang (höchstens 200 Zeichen). Benenne die Datei bitte kürzer.'),
    },
    file_name_chars: {
      status: 400,
      code: 'validation_failed',
      ...atField('datei', 'Der Dateiname enthält Steuerzeichen oder ungültige Zeichen. Benenne die Datei bitte um und lade sie noch einmal hoch.'),
    },
    form_unreadable: {
      status: 400,
      code: 'bad_request',
      message: 'Das Formular mit der Datei ließ sich nicht lesen. Bitte lade die Datei noch einmal hoch.',
    },
    pdf: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'Die Datei ist ein PDF, keine CSV- oder Excel-Datei. Speichere die Tabelle bitte als CSV oder XLSX.',
    },
    not_text: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'Die Datei ist keine Tabelle, die wir lesen können. Speichere sie bitte als CSV (mit ; getrennt) oder als XLSX.',
    },
    not_xlsx: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'Die Excel-Datei lässt sich nicht öffnen. Speichere sie bitte noch einmal als XLSX oder als CSV.',
    },
    no_header: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'In der ersten Zeile stehen keine Spaltenüberschriften, die wir erkennen (z. B. „KiTa-Name“, „PLZ“, „KiTa-Jahr“). Bitte ergänze sie.',
    },
    too_many_rows: {
      status: 400,
      code: 'legacy_file_invalid',
      message: (max: number) => `Die Datei hat mehr als ${max} Zeilen. Teile sie bitte in mehrere Dateien auf.`,
    },
    zip_bomb: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'Die Excel-Datei wäre entpackt viel zu groß. Wir haben sie nicht geöffnet.',
    },
    header_too_long: {
      status: 400,
      code: 'legacy_file_invalid',
      message: (column: number, max: number) =>
        `Die Überschrift von Spalte ${column} hat mehr als ${max} Zeichen. Kürze sie bitte in der Datei und lade die Datei noch einmal hoch.`,
    },
    header_chars: {
      status: 400,
      code: 'legacy_file_invalid',
      message: (column: number) =>
        `Die Überschrift von Spalte ${column} enthält Steuerzeichen oder ungültige Zeichen. Entferne sie bitte in der Datei und lade die Datei noch einmal hoch.`,
    },
    record_too_long: {
      status: 400,
      code: 'legacy_file_invalid',
      message: (line: number, max: number) =>
        `Zeile ${line} der Datei hat mehr als ${max} Zeichen, so lange Zeilen lesen wir nicht. Prüfe bitte, ob die Datei wirklich die Tabelle ist, und kürze die Zeile.`,
    },
    cell_too_long: {
      status: 400,
      code: 'legacy_file_invalid',
      message: (max: number) =>
        `In der Excel-Datei steht eine Zelle mit weit mehr als ${max} Zeichen, so lange Zellen lesen wir nicht. Kürze sie bitte und lade die Datei noch einmal hoch.`,
    },
    unreadable: {
      status: 400,
      code: 'legacy_file_invalid',
      message: 'Die Datei lässt sich nicht lesen. Speichere die Tabelle bitte als CSV (mit ; getrennt) oder als XLSX.',
    },
    not_found: { status: 404, code: 'not_found', message: 'Diesen Import gibt es nicht.' },
    not_preview: {
      status: 409,
      code: 'legacy_import_state',
      message: 'Dieser Import ist keine Vorschau mehr: Er ist schon importiert oder rückgängig gemacht.',
    },
    not_committed: { status: 409, code: 'legacy_import_state', message: 'Nur ein importierter Import lässt sich rückgängig machen.' },
    discard_not_preview: {
      status: 409,
      code: 'legacy_import_state',
      message:
        'Nur eine Vorschau lässt sich verwerfen. Dieser Import ist schon importiert oder rückgängig gemacht; einen importierten machst du mit „Import rückgängig machen“ rückgängig.',
    },
    field_twice: {
      status: 400,
      code: 'validation_failed',
      message: (field: string) => `Die Spalte „${field}“ ist mehreren Spalten der Datei zugeordnet. Ordne sie bitte nur einer zu.`,
    },
    field_missing: {
      status: 400,
      code: 'validation_failed',
      // said next to the mapping (issue 34): which fields lack a column, and the two ways out
      message: (fields: string) =>
        `Diesen Feldern ist keine Spalte der Datei zugeordnet: ${fields}. Ohne sie lässt sich keine Zeile einer KiTa und einem KiTa-Jahr zuordnen. Steht die Angabe in einer Spalte der Datei, wähle bei dieser Spalte das Feld. Hat die Datei keine solche Spalte, ergänze sie in der Datei (eine Spalte je Angabe, mit Überschrift) und lade die Datei noch einmal hoch.`,
    },
    facility_missing: { status: 400, code: 'validation_failed', message: validationFailed, fields: { facilityId: 'Diese KiTa gibt es nicht.' } },
  }),
  /** e-mail address lists (issue 21) */
  email_lists: entries({
    list_missing: { status: 404, code: 'not_found', message: 'Diese gespeicherte Liste gibt es nicht (mehr).' },
    no_next_season: {
      status: 409,
      code: 'no_next_season',
      message: 'Es gibt noch kein nächstes KiTa-Jahr. Lege es unter „KiTa-Jahre“ an und kopiere die Liste dann.',
    },
  }),
  /** the ActiveCampaign sync (issue 21) */
  active_campaign: entries({
    run_running: { status: 409, code: 'sync_running', message: 'Es läuft schon eine Synchronisierung. Warte, bis sie fertig ist.' },
    not_configured: {
      status: 409,
      code: 'not_configured',
      message: 'Es ist noch kein ActiveCampaign-Konto verbunden: Trage API-URL und API-Schlüssel ein und speichere.',
    },
    no_list: { status: 409, code: 'no_list', message: 'Bitte wähle zuerst die Liste, in die synchronisiert wird, und speichere.' },
    key_required: { status: 400, code: 'validation_failed', ...atField('key', 'Bitte gib den API-Schlüssel an.') },
    /** the stored key goes only to the origin it was saved for */
    key_for_new_url: {
      status: 400,
      code: 'validation_failed',
      ...atField(
        'key',
        'Bitte gib den API-Schlüssel für die neue Adresse ein: Der gespeicherte Schlüssel wird nur an die Adresse geschickt, für die er gespeichert wurde.',
      ),
    },
    list_name_taken: {
      status: 409,
      code: 'list_name_taken',
      ...atField('name', 'In ActiveCampaign gibt es schon eine Liste mit diesem Namen. Wähle bitte einen anderen Namen.'),
    },
    /** ActiveCampaign refused or was not reachable: the client's German text (bad key, refused address, network), never the remote one */
    refused: { status: 409, code: 'active_campaign_refused', message: (text: string) => text },
  }),
  /** the season report (issue 22) */
  season_report: entries({
    season_missing: { status: 404, code: 'not_found', message: 'Dieses KiTa-Jahr gibt es nicht.' },
  }),
  /** operations: /api/metrics (SPEC §10) */
  health: entries({
    metrics_token: {
      status: 401,
      code: 'metrics_token',
      message: 'Der Zugangsschlüssel für die Messwerte fehlt oder stimmt nicht. Sende ihn als „Authorization: Bearer <METRICS_TOKEN>“.',
    },
  }),
} as const;

type Catalogue = typeof errorCatalogue;
type Module = keyof Catalogue;

/** `<module>.<name>`: what the server raises */
export type ErrorId = { [M in Module]: `${M}.${keyof Catalogue[M] & string}` }[Module];
export type ErrorEntry<Id extends ErrorId> = Id extends `${infer M extends Module}.${infer K}`
  ? K extends keyof Catalogue[M]
    ? Catalogue[M][K]
    : never
  : never;

/** every stable wire code the API answers with on purpose: what the client switches on */
export type ErrorCode = {
  [M in Module]: { [K in keyof Catalogue[M]]: Catalogue[M][K] extends { code: infer C } ? C : never }[keyof Catalogue[M]];
}[Module];

export function errorEntry<Id extends ErrorId>(id: Id): ErrorEntry<Id> {
  const dot = id.indexOf('.');
  const module = errorCatalogue[id.slice(0, dot) as Module] as Record<string, Entry>;
  return module[id.slice(dot + 1)] as ErrorEntry<Id>;
}

/** true when an error reason carries the given code (the client's typed switch) */
export const hasErrorCode = (reason: { code?: string } | null | undefined, code: ErrorCode): boolean => reason?.code === code;
