import { moduleCatalogue } from './kit';

/** server/modules/email-lists: its errors, its audit actions with their German names, the records its audit rows point at */
export const emailLists = moduleCatalogue({
  errors: {
    /** e-mail address lists (issue 21) */
    email_lists: {
      list_missing: { status: 404, code: 'not_found', message: 'Diese gespeicherte Liste gibt es nicht (mehr).' },
      no_next_season: {
        status: 409,
        code: 'no_next_season',
        message: 'Es gibt noch kein nächstes KiTa-Jahr. Lege es unter „KiTa-Jahre“ an und kopiere die Liste dann.',
      },
    },
  },
  audit: {
    'email_list.create': 'E-Mail-Liste gespeichert',
    'email_list.update': 'E-Mail-Liste geändert',
    'email_list.delete': 'E-Mail-Liste gelöscht',
    'email_list.copy': 'E-Mail-Liste ins nächste KiTa-Jahr kopiert',
    'email_list.export': 'E-Mail-Adressen exportiert',
  },
  entityTypes: ['email_list'],
});
