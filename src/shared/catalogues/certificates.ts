import { moduleCatalogue } from './kit';

/** server/modules/certificates (issue 37): its errors, its audit actions with their German names, the records its audit rows point at */
export const certificates = moduleCatalogue({
  errors: {
    /** Urkunden, Teilnahmebescheinigungen, the public check (SPEC §8) */
    certificates: {
      season_missing: { status: 404, code: 'not_found', message: 'Dieses KiTa-Jahr gibt es nicht.' },
      unknown_code: { status: 404, code: 'unknown_code', message: 'Diesen Prüfcode kennen wir nicht.' },
      no_attendance: { status: 404, code: 'not_found', message: 'Für diesen Termin ist noch niemand als teilgenommen eingetragen.' },
      no_preview: {
        status: 404,
        code: 'not_found',
        message: 'Für die Vorschau braucht es eine KiTa, deren Dokumentation in diesem KiTa-Jahr angenommen ist. Noch ist das keine.',
      },
      pdf_failed: {
        status: 409,
        code: 'pdf_failed',
        message:
          'Das PDF ließ sich gerade nicht erstellen. Bitte versuche es noch einmal; klappt es wieder nicht, lade Logo und Unterschriften neu hoch.',
      },
      image_missing: { status: 400, code: 'validation_failed', message: 'Dieses Bild gibt es nicht (mehr). Bitte lade es noch einmal hoch.' },
      wrong_image_type: {
        status: 400,
        code: 'wrong_file_type',
        message: 'Diese Datei ist kein Bild (erlaubt: JPEG, PNG, WebP). Ihr Inhalt zählt, nicht ihr Name.',
      },
      image_too_large: { status: 413, code: 'file_too_large', message: 'Dieses Bild ist zu groß (höchstens 5 MB).' },
      image_unreadable: {
        status: 400,
        code: 'image_unreadable',
        message:
          'Dieses Bild lässt sich nicht öffnen: Die Datei ist beschädigt oder kein gültiges Bild. Speichere es bitte neu (z. B. als PNG) und lade es noch einmal hoch.',
      },
      too_many_batch: {
        status: 400,
        code: 'validation_failed',
        message: 'Zu viele Urkunden für ein PDF (höchstens 1.000). Wähle bitte eine Auszeichnungsveranstaltung.',
      },
    },
  },
  audit: {
    'certificate_template.update': 'Vorlage der Urkunde geändert',
    'certificate_template.copy': 'Vorlage der Urkunde ins nächste KiTa-Jahr übernommen',
    'certificate.issue': 'Urkunde oder Teilnahmebescheinigung ausgestellt',
    'certificate.supersede': 'Urkunde durch eine neuere Fassung ersetzt',
    'certificate.withdraw': 'Teilnahmebescheinigung zurückgezogen',
  },
  entityTypes: ['certificate_template', 'certificate'],
});
