/**
 * Contracts shared by client and server. Casing rule for every API shape: the seed's and SPEC's fixed names stay as
 * they are (`is_admin`, `is_enrolled_to_cur_season`, `enrolment_state`, `allow_documentation`, `missingSettings`,
 * `curSeason`; SPEC §3's camelCase programme shapes); everything else is camelCase, one spelling per entity
 * (server/api-casing.test.ts walks the OpenAPI document; docs/decisions/0022-catalogues-and-casing.md).
 */
import { z } from 'zod';
import { isCleanText, textCharsMessage } from './text';
import { maxInt4 } from './limits';

export { isCleanText, textCharsMessage } from './text';

/**
 * Field schemas shared by several contracts, each with its German message (du-form), so the server's 400 answer
 * and the client's form show the same text. Every text refuses control characters and lone surrogates
 * (`isCleanText`): PostgreSQL cannot store a NUL byte, and nobody types the others.
 */
export const requiredText = (label: string, max = 200, { multiline = false } = {}) =>
  z
    .string({ error: `Bitte gib ${label} an.` })
    .trim()
    .min(1, `Bitte gib ${label} an.`)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((v) => isCleanText(v, multiline), textCharsMessage);

/** `multiline`: a long text (message, note) that may hold line breaks and tabs */
export const optionalText = (max = 200, { multiline = false } = {}) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((v) => isCleanText(v, multiline), textCharsMessage)
    .default('');

export const postalCodeSchema = z
  .string({ error: 'Bitte gib die Postleitzahl an.' })
  .trim()
  .regex(/^\d{5}$/, 'Die Postleitzahl hat genau 5 Ziffern.');

/** empty = not given */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .refine((v) => isCleanText(v), textCharsMessage)
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Bitte gib eine gültige E-Mail-Adresse an (z. B. name@kita.de).')
  .default('');

/** digits, spaces and + / ( ) - ; at least 5 digits; empty = not given */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .max(40, 'Die Telefonnummer ist zu lang.')
  .refine(
    (v) => v === '' || (/^\+?[0-9 ()/-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5),
    'Bitte gib eine gültige Telefonnummer an (nur Ziffern, Leerzeichen und + / ( ) -).',
  )
  .default('');

/** http(s) address; "www.kita.de" is accepted and stored with https:// in front */
export const optionalWebsiteSchema = z
  .string()
  .trim()
  .max(300, 'Die Internetadresse ist zu lang.')
  .refine((v) => isCleanText(v), textCharsMessage)
  .transform((v) => (v !== '' && !/^https?:\/\//i.test(v) ? `https://${v}` : v))
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Bitte gib eine gültige Internetadresse an (z. B. https://www.kita.de).')
  .default('');

export const countSchema = (label: string) =>
  z
    .number({ error: `Bitte gib ${label} als Zahl an.` })
    .int(`Bitte gib ${label} als ganze Zahl an.`)
    .min(0, `${label.charAt(0).toUpperCase()}${label.slice(1)} darf nicht negativ sein.`)
    .max(100_000, 'Diese Zahl ist zu groß.')
    .nullable()
    .default(null);

/**
 * A record id in a body (`{"personId": 5}`): an integer 1 … 2^31-1 like the column. `idField(message)` when the
 * form has its own text (e.g. "Bitte wähle eine Ansprechperson …"). The one id schema of every contract.
 */
export const idField = (message = 'Ungültige Nummer.') => z.number({ error: message }).int(message).min(1, message).max(maxInt4, message);
export const idSchema = idField();

/** A record id in a path or query string (`/api/facilities/{facilityId}`, `?facilityId=`): text turned into idSchema */
export const idParam = z.coerce
  .number({ error: 'Ungültige Nummer.' })
  .int('Ungültige Nummer.')
  .min(1, 'Ungültige Nummer.')
  .max(maxInt4, 'Ungültige Nummer.');

/** optimistic concurrency: the version the client read; a stale one answers 409 code 'conflict' */
export const versionSchema = z
  .number({ error: 'Die Versionsnummer fehlt.' })
  .int('Ungültige Versionsnummer.')
  .min(1, 'Ungültige Versionsnummer.')
  .max(maxInt4, 'Ungültige Versionsnummer.');
/** the version in a query string (`DELETE …?version=3`) */
export const versionParam = z.coerce
  .number({ error: 'Ungültige Versionsnummer.' })
  .int('Ungültige Versionsnummer.')
  .min(1, 'Ungültige Versionsnummer.')
  .max(maxInt4, 'Ungültige Versionsnummer.');

/** the one German 409 text lives in the error catalogue; re-exported for the forms that show it */
export { conflictMessage } from '../catalogues/kit';

/** `{id, name}` of whoever did something; null when unknown or the account is gone */
export const actorSchema = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const isoTimestampSchema = z.string();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: isoTimestampSchema,
  actor: actorSchema,
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

export type Actor = z.infer<typeof actorSchema>;
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
