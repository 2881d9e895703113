import { z } from 'zod';
import { auditEntrySchema, idField, isoTimestampSchema } from './common';
import { facilitySchema, joinRequestSchema, memberSchema } from './facilities';
import { listPageSchemaOf } from './list-query';
import { personSchema } from './persons';
import { seasonEnrolmentInputSchema, seasonEnrolmentSchema } from './season-enrolment';
import { teamWorkshopApplicationSchema } from './team-workshops';

/** a list row: the KiTa's own fields of the facility answer, plus counts and the enrolment */
export const adminFacilityListItemSchema = facilitySchema
  .pick({
    id: true,
    label: true,
    kind: true,
    street: true,
    postalCode: true,
    city: true,
    region: true,
    operatorName: true,
    email: true,
    phone: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({
    membersCount: z.number().int(),
    personsCount: z.number().int(),
    /** enrolled to the filter's season, else to the current season */
    isEnrolled: z.boolean(),
  });
export const adminFacilityPageSchema = listPageSchemaOf(adminFacilityListItemSchema);

export const adminEnrolmentHistoryItemSchema = seasonEnrolmentSchema.extend({
  seasonIdentifier: z.string(),
  seasonLabel: z.string(),
  /** "zur Auszeichnung zugelassen" since (issue 11; PUT /api/admin/season-enrolments/{id}/award-approval) */
  approvedForAwardAt: isoTimestampSchema.nullable(),
});

/** GET /api/admin/facilities/{facilityId} */
export const adminFacilityDetailSchema = z.object({
  facility: facilitySchema,
  members: z.array(memberSchema),
  /** including removed persons (removed_at set) */
  persons: z.array(personSchema),
  enrolments: z.array(adminEnrolmentHistoryItemSchema),
  joinRequests: z.array(joinRequestSchema),
  /** issue 11: every team-workshop application of the KiTa (withdrawn ones too), newest first */
  teamWorkshopApplications: z.array(teamWorkshopApplicationSchema),
  /** newest first: the facility's own entries and those of its persons and enrolments */
  history: z.array(auditEntrySchema),
  /** set when this KiTa was merged into another one */
  mergedIntoId: z.number().int().nullable(),
});

/** POST /api/admin/facilities/merge: everything of `source_id` moves to `target_id`; the source is closed */
export const facilityMergeInputSchema = z
  .object({
    sourceId: idField('Bitte wähle die doppelte KiTa.'),
    targetId: idField('Bitte wähle die KiTa, die bleiben soll.'),
  })
  .refine((m) => m.sourceId !== m.targetId, { message: 'Eine KiTa kann nicht mit sich selbst zusammengeführt werden.', path: ['targetId'] });
export const facilityMergeResultSchema = z.object({
  targetId: z.number().int(),
  moved: z.object({
    members: z.number().int(),
    persons: z.number().int(),
    enrolments: z.number().int(),
    joinRequests: z.number().int(),
  }),
});

/** PUT /api/admin/facilities/{facilityId}/enrolments/{seasonId}: enrol on the KiTa's behalf (any season, any state) */
export const adminEnrolmentInputSchema = seasonEnrolmentInputSchema;

export type AdminFacilityListItem = z.infer<typeof adminFacilityListItemSchema>;
export type AdminFacilityDetail = z.infer<typeof adminFacilityDetailSchema>;
export type FacilityMergeInput = z.input<typeof facilityMergeInputSchema>;
