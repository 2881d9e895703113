import { moduleCatalogue } from './kit';

/** server/modules/facilities: its errors, its audit actions with their German names, the records its audit rows point at */
export const facilities = moduleCatalogue({
  errors: {
    facility: {
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
    },
  },
  audit: {
    'facility.create': 'KiTa angelegt',
    'facility.update': 'Stammdaten geändert',
    'facility.remove_member': 'Zugang entfernt',
    'join_request.create': 'Beitrittsanfrage gestellt',
    'join_request.approve': 'Beitrittsanfrage angenommen',
    'join_request.decline': 'Beitrittsanfrage abgelehnt',
    'facility.create_by_import': 'KiTa durch einen Import alter Daten angelegt',
    'facility.delete_by_import_undo': 'KiTa mit ihrem Import entfernt',
  },
  entityTypes: ['facility'],
});
