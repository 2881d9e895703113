/** The one way to fail on purpose: a status, a stable code and a German message for the user (SPEC §3). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** extra top-level body properties, e.g. the seed's login shape next to `reason` */
    readonly extraBody?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function httpError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  options: { body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): HttpError {
  return new HttpError(status, code, message, fields, options.body, options.headers);
}

export const messages = {
  unauthenticated: 'Bitte melde dich an.',
  forbidden: 'Dafür fehlt dir die Berechtigung.',
  notFound: 'Das gibt es hier nicht.',
  validationFailed: 'Bitte prüfe deine Eingaben.',
  invalidJson: 'Die Anfrage konnte nicht gelesen werden (ungültiges JSON).',
  payloadTooLarge: 'Die Anfrage ist zu groß.',
  tooManyRequests: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.',
  originMismatch: 'Die Anfrage kam von einer fremden Seite und wurde abgelehnt.',
  internal: 'Auf unserer Seite ist ein Fehler aufgetreten. Bitte versuche es später noch einmal.',
  unsupportedMediaType: 'Dieses Datenformat wird nicht unterstützt.',
  badUrl: 'Die Adresse ist ungültig (fehlerhafte Zeichen).',
  uriTooLong: 'Die Adresse ist zu lang.',
  badRequest: 'Die Anfrage konnte nicht verarbeitet werden.',
  headersTooLarge: 'Die Anfrage ist zu groß (zu lange Adresse oder Kopfzeilen).',
  requestTimeout: 'Die Anfrage hat zu lange gedauert. Bitte versuche es noch einmal.',
  jsonTooDeep: 'Die Anfrage ist zu tief verschachtelt.',
} as const;
