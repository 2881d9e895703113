import { z } from 'zod';
import { auditEntrySchema, isoTimestampSchema } from './common';
import { listPageSchemaOf } from './list-query';
import { personSchema } from './persons';

export const adminPersonListItemSchema = z.object({
  /** `p{personId}` or `u{userId}` */
  key: z.string(),
  kind: z.enum(['person', 'account']),
  person_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  position: z.string().nullable(),
  facility_id: z.number().int().nullable(),
  facility_label: z.string().nullable(),
  is_admin: z.boolean(),
  account_active: z.boolean().nullable(),
  removed_at: isoTimestampSchema.nullable(),
  created_at: isoTimestampSchema,
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
