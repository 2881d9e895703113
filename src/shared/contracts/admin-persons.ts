import { z } from 'zod';
import { auditEntrySchema, isoTimestampSchema } from './common';
import { listPageSchemaOf } from './list-query';
import { personSchema } from './persons';

export const adminPersonListItemSchema = z.object({
  /** `p{personId}` or `u{userId}` */
  key: z.string(),
  kind: z.enum(['person', 'account']),
  personId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  facilityId: z.number().int().nullable(),
  facilityLabel: z.string().nullable(),
  is_admin: z.boolean(),
  accountActive: z.boolean().nullable(),
  removedAt: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
});
export const adminPersonPageSchema = listPageSchemaOf(adminPersonListItemSchema);

/** GET /api/admin/persons/{personId} */
export const adminPersonDetailSchema = z.object({
  person: personSchema,
  facility: z.object({ id: z.number().int(), label: z.string() }),
  /** the linked account, spelled like every other account answer (`/api/admin/users/{id}`, `/api/me/account`) */
  account: z
    .object({
      id: z.number().int(),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      isAdmin: z.boolean(),
      activatedAt: isoTimestampSchema.nullable(),
      deactivatedAt: isoTimestampSchema.nullable(),
      lastLoginAt: isoTimestampSchema.nullable(),
      facilities: z.array(z.object({ id: z.number().int(), label: z.string() })),
    })
    .nullable(),
  history: z.array(auditEntrySchema),
});

export type AdminPersonListItem = z.infer<typeof adminPersonListItemSchema>;
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;
