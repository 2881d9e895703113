import { conflictMessage, moduleCatalogue, validationFailed } from './kit';

/** framework, access and record-level failures every module shares (server/plugins, server/lib) */
export const common = moduleCatalogue({
  errors: {
    common: {
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
    },
  },
});
