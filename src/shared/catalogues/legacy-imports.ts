import { moduleCatalogue, atField, validationFailed } from './kit';

/** server/modules/legacy-imports: its errors, its audit actions with their German names, the records its audit rows point at */
export const legacyImports = moduleCatalogue({
  errors: {
    /** the legacy import (issue 24): a bad file changes nothing and says why */
    legacy_import: {
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
        message:
          'In der ersten Zeile stehen keine Spaltenüberschriften, die wir erkennen (z. B. „KiTa-Name“, „PLZ“, „KiTa-Jahr“). Bitte ergänze sie.',
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
    },
  },
  audit: {
    'legacy_import.upload': 'Alte Daten hochgeladen',
    'legacy_import.update_mapping': 'Spaltenzuordnung des Imports geändert',
    'legacy_import.fix_match': 'KiTa einer Importzeile von Hand zugeordnet',
    'legacy_import.commit': 'Alte Daten importiert',
    'legacy_import.undo': 'Import rückgängig gemacht',
    'legacy_import.discard': 'Vorschau eines Imports verworfen',
  },
  entityTypes: ['legacy_import'],
});
