/**
 * Certificates (issue 37, SPEC §8): the Urkunde of every KiTa whose documentation is approved, the
 * Teilnahmebescheinigung of every attended booking, and the public check of a certificate's code.
 *
 *   GET|PUT /api/admin/certificate-templates/{seasonIdentifier}          the season's template (default until saved)
 *   GET  /api/admin/certificates?seasonIdentifier&awardingEventId&kind    the list (KiTa order)
 *   POST /api/admin/certificates/issue {seasonIdentifier, awardingEventId?} → {issued, unchanged}
 *   GET  /api/admin/certificates/{id}.pdf, /api/admin/certificates/batch.pdf?(the list's filters)
 *   GET  /api/facilities/{id}/certificates, …/certificates/{certificateId}.pdf      the KiTa's staff
 *   GET  /api/certificates/verify?code=…                                   public, rate-limited
 */
import { z } from 'zod';
import { idParam, isCleanText, textCharsMessage } from './common';
import { seasonIdentifierSchema } from './documentation-template';

export const certificateKinds = ['award', 'attendance'] as const;
export type CertificateKind = (typeof certificateKinds)[number];
export const certificateStates = ['valid', 'superseded', 'withdrawn'] as const;
export type CertificateState = (typeof certificateStates)[number];

export const certificateKindLabels: Record<CertificateKind, string> = { award: 'Urkunde', attendance: 'Teilnahmebescheinigung' };
export const certificateStateLabels: Record<CertificateState, string> = {
  valid: 'gültig',
  superseded: 'ersetzt durch eine neuere Fassung',
  withdrawn: 'zurückgezogen',
};

/** the placeholders the template's text may use, each replaced by what the KiTa's data says */
export const templatePlaceholders = ['{KiTa}', '{Ort}', '{KiTa-Jahr}', '{Projektthema}'] as const;

/** Crockford base32 without I, L, O, U */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A typed code as Crockford base32 reads it: case-insensitive, hyphens and spaces ignored, I and L as 1, O as 0.
 * Answers the 12 characters, or null when it cannot be a code.
 */
export function normaliseCheckCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (plain.length !== 12) return null;
  for (const ch of plain) if (!CROCKFORD_ALPHABET.includes(ch)) return null;
  return plain;
}

/** `ABCD-EFGH-JKMN` */
export const formatCheckCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;

/** "6 Stunden", "2,5 Stunden", "1 Stunde" */
export function hoursLabel(hours: number): string {
  const n = hours.toLocaleString('de-DE', { maximumFractionDigits: 2 });
  return `${n} ${hours === 1 ? 'Stunde' : 'Stunden'}`;
}

const text = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `Bitte gib ${label} an.` })
    .trim()
    .min(1, `Bitte gib ${label} an.`)
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((v) => isCleanText(v, multiline), textCharsMessage);

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((v) => isCleanText(v, false), textCharsMessage);

const unknownPlaceholders = (body: string) =>
  (body.match(/\{[^}]*\}/g) ?? []).filter((p) => !(templatePlaceholders as readonly string[]).includes(p));

/** a signature's name or role as a form holds it before it is known to be filled (the name: `signatureSchema`) */
export const signatureLineSchema = optional(120);

export const signatureSchema = z.object({
  name: text('den Namen', 120),
  role: signatureLineSchema.default(''),
  /** the uploaded signature image (null: none, a line to sign by hand) */
  imageId: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'Ungültiges Bild.')
    .nullable()
    .default(null),
});

export const certificateTemplateInputSchema = z.object({
  heading: text('eine Überschrift', 120),
  body: text('einen Text', 2000, true).superRefine((v, ctx) => {
    const unknown = unknownPlaceholders(v);
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `Unbekannter Platzhalter ${unknown[0]}. Erlaubt sind ${templatePlaceholders.join(', ')}.` });
  }),
  signatures: z.array(signatureSchema).max(3, 'Höchstens drei Unterschriften.'),
  logoId: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'Ungültiges Bild.')
    .nullable()
    .default(null),
  /** the version read; absent when the season still uses the default template */
  version: z.number().int().min(1).nullable().default(null),
});
export type CertificateTemplateInput = z.output<typeof certificateTemplateInputSchema>;

export const certificateTemplateSchema = z.object({
  seasonIdentifier: z.string(),
  heading: z.string(),
  body: z.string(),
  signatures: z.array(z.object({ name: z.string(), role: z.string(), imageId: z.string().nullable() })),
  logoId: z.string().nullable(),
  /** null: the shipped default, not yet saved for this season */
  version: z.number().int().nullable(),
  isDefault: z.boolean(),
});
export type CertificateTemplate = z.infer<typeof certificateTemplateSchema>;

export const seasonParamsSchema = z.object({ seasonIdentifier: seasonIdentifierSchema });

/** "ohne" = KiTas booked to no awarding event */
const awardingEventFilter = z.union([z.literal('ohne'), idParam]).optional();

export const certificateListQuerySchema = z.object({
  seasonIdentifier: seasonIdentifierSchema,
  awardingEventId: awardingEventFilter,
  kind: z.enum(certificateKinds, { error: 'Unbekannte Art.' }).default('award'),
});

export const adminCertificateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(certificateKinds),
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  city: z.string(),
  region: z.string(),
  awardingEventId: z.number().int().nullable(),
  personName: z.string().nullable(),
  title: z.string(),
  code: z.string(),
  issuedAt: z.string(),
  state: z.enum(certificateStates),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

export const adminCertificatesAnswerSchema = z.object({
  items: z.array(adminCertificateSchema),
  /** approved KiTas (of the filter) without a valid Urkunde yet, or whose Urkunde would change */
  pending: z.number().int(),
});

export const issueCertificatesInputSchema = z.object({
  seasonIdentifier: seasonIdentifierSchema,
  awardingEventId: z.union([z.literal('ohne'), z.number().int().min(1)]).optional(),
});
export const issueCertificatesAnswerSchema = z.object({ issued: z.number().int(), unchanged: z.number().int() });

export const facilityCertificateSchema = z.object({
  id: z.number().int(),
  kind: z.enum(certificateKinds),
  seasonIdentifier: z.string(),
  title: z.string(),
  personId: z.number().int().nullable(),
  /** the booking a Teilnahmebescheinigung belongs to (null for an Urkunde) */
  enrolmentId: z.number().int().nullable(),
  issuedAt: z.string(),
  code: z.string(),
  state: z.enum(certificateStates),
});
export type FacilityCertificate = z.infer<typeof facilityCertificateSchema>;
export const facilityCertificatesAnswerSchema = z.object({ certificates: z.array(facilityCertificateSchema) });

export const verifyQuerySchema = z.object({ code: z.string().max(64, 'Diesen Prüfcode kennen wir nicht.') });
export const verifyAnswerSchema = z.object({
  state: z.enum(certificateStates),
  kind: z.enum(certificateKinds),
  facilityLabel: z.string(),
  city: z.string(),
  seasonIdentifier: z.string(),
  issuedAt: z.string(),
  personName: z.string().optional(),
  offeringTitle: z.string().optional(),
  dates: z.string().optional(),
});
export type VerifyAnswer = z.infer<typeof verifyAnswerSchema>;
export const UNKNOWN_CODE_MESSAGE = 'Diesen Prüfcode kennen wir nicht.';
