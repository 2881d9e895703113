import { moduleCatalogue } from './kit';

/** server/modules/persons: its errors, its audit actions with their German names, the records its audit rows point at */
export const persons = moduleCatalogue({
  errors: {
    person: {
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
    },
  },
  audit: {
    'person.create': 'Person angelegt',
    'person.update': 'Person geändert',
    'person.remove': 'Person entfernt',
    'person.invite': 'Zu einem Konto eingeladen',
    'person.link_account': 'Mit Konto verknüpft',
  },
  entityTypes: ['person'],
});
