import { z } from 'zod';
import { auditEntrySchema, idParam, isoTimestampSchema } from './common';
import { adminPersonSortKeys, personPositions } from './facility-lists';
import { listQuerySchema } from './paging';
import { personSchema } from './persons';

export { adminPersonSortKeys };

/**
 * GET /api/admin/persons: every staff-list entry of every KiTa and every account without one, so "all persons and
 * accounts" is one list. `kind`: person (staff entries, with or without account) | account (accounts without a
 * staff entry); search `q` over name, e-mail and KiTa name.
 */
export const adminPersonListQuerySchema = listQuerySchema.extend({
  sort: z.enum(adminPersonSortKeys).default('last_name'),
  kind: z.enum(['person', 'account']).optional(),
  has_account: z.enum(['yes', 'no']).optional(),
  position: z.enum(personPositions).optional(),
  facility_id: idParam.optional(),
  include_removed: z.enum(['yes', 'no']).default('no'),
});

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
export const adminPersonPageSchema = z.object({
  items: z.array(adminPersonListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

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

export type AdminPersonListQuery = z.input<typeof adminPersonListQuerySchema>;
export type AdminPersonListItem = z.infer<typeof adminPersonListItemSchema>;
export type AdminPersonDetail = z.infer<typeof adminPersonDetailSchema>;
