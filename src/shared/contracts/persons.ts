import { z } from 'zod';
import { actorSchema, isCleanText, isoTimestampSchema, optionalEmailSchema, optionalPhoneSchema, requiredText, versionSchema } from './common';
import { personPositions, salutations } from './facility-lists';
import { listPageSchemaOf } from './list-query';

/** a staff member of one KiTa (SPEC §2 person) as the form sends it */
export const personInputSchema = z.object({
  salutation: z.enum(salutations, { error: 'Bitte wähle eine Anrede.' }).default('keine Angabe'),
  firstName: requiredText('den Vornamen', 100),
  lastName: requiredText('den Nachnamen', 100),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  position: z.enum(personPositions, { error: 'Bitte wähle die Funktion.' }),
});
export const personUpdateSchema = personInputSchema.extend({ version: versionSchema });

export const personSchema = z.object({
  id: z.number().int(),
  facilityId: z.number().int(),
  salutation: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  position: z.string(),
  /** linked account, if the person has one */
  userId: z.number().int().nullable(),
  hasAccount: z.boolean(),
  /** last invitation mail, null when never invited */
  invitedAt: isoTimestampSchema.nullable(),
  /** removed from the staff list (kept for past enrolments); only admins see removed persons */
  removedAt: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  version: z.number().int(),
});

export const personPageSchema = listPageSchemaOf(personSchema);

/** POST /api/facilities/{id}/persons/{personId}/invite → when the mail was queued */
export const personInviteResponseSchema = z.object({ invitedAt: isoTimestampSchema, email: z.string() });

/** POST /api/me/person-invitations: the invited account accepts the link's token → person linked, membership added */
export const acceptInvitationSchema = z.object({
  token: z
    .string()
    .min(10, 'Der Einladungslink ist ungültig.')
    .max(200)
    .refine((v) => isCleanText(v), 'Der Einladungslink ist ungültig.'),
});
export const acceptInvitationResponseSchema = z.object({ facilityId: z.number().int(), facilityLabel: z.string(), personId: z.number().int() });

export type PersonInput = z.input<typeof personInputSchema>;
export type PersonUpdate = z.input<typeof personUpdateSchema>;
export type Person = z.infer<typeof personSchema>;
