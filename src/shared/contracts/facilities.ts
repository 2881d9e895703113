import { z } from 'zod';
import {
  actorSchema,
  countSchema,
  isCleanText,
  isoTimestampSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  optionalText,
  optionalWebsiteSchema,
  postalCodeSchema,
  requiredText,
  textCharsMessage,
  versionSchema,
} from './common';
import { facilityKinds, operatorKinds, regions } from './facility-lists';

/** SPEC §2 facility fields as a form sends them (POST /api/facilities, PUT /api/facilities/{id}). */
export const facilityInputSchema = z.object({
  label: requiredText('den Namen der KiTa').min(3, 'Der Name ist zu kurz (mindestens 3 Zeichen).'),
  kind: z.enum(facilityKinds, { error: 'Bitte wähle die Art der Einrichtung.' }),
  street: requiredText('Straße und Hausnummer'),
  postal_code: postalCodeSchema,
  city: requiredText('den Ort', 100),
  region: z.enum(regions, { error: 'Bitte wähle den Regierungsbezirk.' }),
  operator_name: optionalText(200),
  operator_kind: z.enum(operatorKinds, { error: 'Bitte wähle die Art des Trägers.' }).default('sonstige'),
  phone: optionalPhoneSchema,
  email: optionalEmailSchema,
  website: optionalWebsiteSchema,
  children_count: countSchema('die Zahl der Kinder'),
  staff_count: countSchema('die Zahl der Mitarbeitenden'),
});

/** PUT carries the version it read; a stale one answers 409 `conflict`. */
export const facilityUpdateSchema = facilityInputSchema.extend({ version: versionSchema });

export const facilitySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  region: z.string(),
  operator_name: z.string(),
  operator_kind: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  children_count: z.number().int().nullable(),
  staff_count: z.number().int().nullable(),
  created_at: isoTimestampSchema,
  /** "zuletzt geändert von … am …" */
  updated_at: isoTimestampSchema,
  updated_by: actorSchema,
  /** the fields of the last master-data change (snake_case names as in this schema); absent when never changed */
  last_changed_fields: z.array(z.string()).optional(),
  version: z.number().int(),
});

/** the master-data fields by name (snake_case, as in the input schema); the history names only these */
export const facilityFieldSchema = facilityInputSchema.keyof();
export const facilityFields = facilityFieldSchema.options;

const changeValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** GET /api/facilities/{id}/history: the KiTa's last master-data changes, newest first (its members and admins) */
export const facilityChangeSchema = z.object({ field: facilityFieldSchema, before: changeValueSchema, after: changeValueSchema });
export const facilityHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: isoTimestampSchema,
  actor: actorSchema,
  /** changed through the administration (/verwaltung), not by a member */
  by_admin: z.boolean(),
  changes: z.array(facilityChangeSchema),
});
export const facilityHistorySchema = z.object({ items: z.array(facilityHistoryEntrySchema) });

/** GET /api/facilities/duplicates?postal_code=&label= : KiTas with that postal code and a similar name */
export const duplicateQuerySchema = z.object({
  postal_code: postalCodeSchema,
  label: z
    .string()
    .trim()
    .min(1, 'Bitte gib den Namen der KiTa an.')
    .max(200)
    .refine((v) => isCleanText(v), textCharsMessage),
});
export const duplicateCandidateSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** 0..1 trigram similarity of the names */
  similarity: z.number(),
  /** the caller already belongs to it / asked to join it and waits */
  is_member: z.boolean(),
  has_pending_request: z.boolean(),
});
export const duplicateListSchema = z.object({ items: z.array(duplicateCandidateSchema) });

/** POST /api/facilities/{id}/join-requests (any logged-in user) */
export const joinRequestInputSchema = z.object({
  message: optionalText(1000, { multiline: true }),
});
export const joinRequestStates = ['pending', 'approved', 'declined'] as const;
export const joinRequestSchema = z.object({
  id: z.number().int(),
  facility_id: z.number().int(),
  facility_label: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  message: z.string(),
  state: z.enum(joinRequestStates),
  created_at: isoTimestampSchema,
  decided_at: isoTimestampSchema.nullable(),
  decided_by: actorSchema,
});
export const joinRequestListSchema = z.object({ items: z.array(joinRequestSchema) });
/** POST /api/facilities/{id}/join-requests/{requestId}/approve|decline (members of the KiTa and admins) */
export const joinDecisions = ['approve', 'decline'] as const;

/** GET /api/facilities/{id}/members */
export const memberSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  since: isoTimestampSchema,
  /** the staff-list entry linked to this account, if any */
  person_id: z.number().int().nullable(),
});
export const memberListSchema = z.object({ items: z.array(memberSchema) });
/**
 * DELETE /api/facilities/{id}/members/{userId}?confirmLastMember=true: removing the last member answers 409
 * `last_member` (German reason) unless confirmed, as account deletion does.
 */
export const removeMemberQuerySchema = z.object({ confirmLastMember: z.enum(['true', 'false']).optional() });

export type FacilityInput = z.input<typeof facilityInputSchema>;
export type FacilityUpdate = z.input<typeof facilityUpdateSchema>;
export type Facility = z.infer<typeof facilitySchema>;
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export type JoinDecision = (typeof joinDecisions)[number];
export type Member = z.infer<typeof memberSchema>;
export type FacilityField = z.infer<typeof facilityFieldSchema>;
export type FacilityChange = z.infer<typeof facilityChangeSchema>;
export type FacilityHistoryEntry = z.infer<typeof facilityHistoryEntrySchema>;
