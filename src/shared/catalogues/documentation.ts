import { moduleCatalogue, validationFailed } from './kit';

/** server/modules/documentation: its errors, its audit actions with their German names, the records its audit rows point at */
export const documentation = moduleCatalogue({
  errors: {
    /** the documentation form and the jury (issue 12) */
    documentation: {
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
    },
  },
  audit: {
    'documentation_template.update': 'Vorlage des Dokumentationsbogens geändert',
    'documentation_template.copy': 'Vorlage des Dokumentationsbogens übernommen',
    'documentation_form.create': 'Dokumentationsbogen begonnen',
    'documentation_form.submit': 'Dokumentationsbogen eingereicht',
    'documentation_form.approve': 'Dokumentationsbogen angenommen',
    'documentation_form.return': 'Dokumentationsbogen zurückgegeben',
    'documentation_form.reject': 'Dokumentationsbogen abgelehnt',
    'documentation_form.edit_by_admin': 'Dokumentationsbogen von der Verwaltung geändert',
    'documentation_form.upload_file': 'Datei zum Dokumentationsbogen hochgeladen',
    'documentation_form.delete_file': 'Datei des Dokumentationsbogens gelöscht',
    'documentation_form.review': 'Bewertung der Jury abgegeben',
    'documentation_form.add_note': 'Interne Notiz zum Dokumentationsbogen',
  },
  entityTypes: ['documentation_template', 'documentation_form'],
});
