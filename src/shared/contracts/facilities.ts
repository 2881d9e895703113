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
  postalCode: postalCodeSchema,
  city: requiredText('den Ort', 100),
  region: z.enum(regions, { error: 'Bitte wähle den Regierungsbezirk.' }),
  operatorName: optionalText(200),
  // "Keine Angabe" stays empty: nothing is invented for what nobody said (issue 34; it was 'sonstige')
  operatorKind: z.union([z.enum(operatorKinds), z.literal('')], { error: 'Bitte wähle die Art des Trägers.' }).default(''),
  phone: optionalPhoneSchema,
  email: optionalEmailSchema,
  website: optionalWebsiteSchema,
  childrenCount: countSchema('die Zahl der Kinder'),
  staffCount: countSchema('die Zahl der Mitarbeitenden'),
});

/**
 * An existing KiTa's master data: its kind may stay "Keine Angabe" (empty), as a KiTa an import created has it (issue
 * 34: an import invents no kind, and saving its other fields must not make one up either). Registering needs one.
 */
export const facilityEditSchema = facilityInputSchema.extend({
  kind: z.union([z.enum(facilityKinds), z.literal('')], { error: 'Bitte wähle die Art der Einrichtung.' }),
});

/** PUT carries the version it read; a stale one answers 409 `conflict`. */
export const facilityUpdateSchema = facilityEditSchema.extend({ version: versionSchema });

export const facilitySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  kind: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string(),
  operatorName: z.string(),
  operatorKind: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  childrenCount: z.number().int().nullable(),
  staffCount: z.number().int().nullable(),
  createdAt: isoTimestampSchema,
  /** "zuletzt geändert von … am …" */
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  /** the fields of the last master-data change (names as in this schema); absent when never changed */
  lastChangedFields: z.array(z.string()).optional(),
  version: z.number().int(),
});

/** the master-data fields by name (as in the input schema; the audit log's keys); the history names only these */
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
  byAdmin: z.boolean(),
  changes: z.array(facilityChangeSchema),
});
export const facilityHistorySchema = z.object({ items: z.array(facilityHistoryEntrySchema) });

/** GET /api/facilities/duplicates?postalCode=&label= : KiTas with that postal code and a similar name */
export const duplicateQuerySchema = z.object({
  postalCode: postalCodeSchema,
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
  postalCode: z.string(),
  city: z.string(),
  /** 0..1 trigram similarity of the names */
  similarity: z.number(),
  /** the caller already belongs to it / asked to join it and waits */
  isMember: z.boolean(),
  hasPendingRequest: z.boolean(),
});
export const duplicateListSchema = z.object({ items: z.array(duplicateCandidateSchema) });

/** POST /api/facilities/{id}/join-requests (any logged-in user) */
export const joinRequestInputSchema = z.object({
  message: optionalText(1000, { multiline: true }),
});
export const joinRequestStates = ['pending', 'approved', 'declined'] as const;
export const joinRequestSchema = z.object({
  id: z.number().int(),
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  message: z.string(),
  state: z.enum(joinRequestStates),
  createdAt: isoTimestampSchema,
  decidedAt: isoTimestampSchema.nullable(),
  decidedBy: actorSchema,
});
export const joinRequestListSchema = z.object({ items: z.array(joinRequestSchema) });
/** POST /api/facilities/{id}/join-requests/{requestId}/approve|decline (members of the KiTa and admins) */
export const joinDecisions = ['approve', 'decline'] as const;

/** GET /api/facilities/{id}/members */
export const memberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  since: isoTimestampSchema,
  /** the staff-list entry linked to this account, if any */
  personId: z.number().int().nullable(),
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
