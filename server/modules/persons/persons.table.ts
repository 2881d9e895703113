import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { users } from '../users/users.table';

/** SPEC §2 person: a staff member of one KiTa, maybe linked to an account. Removal is soft (past enrolments). */
export const persons = pgTable(
  'persons',
  {
    id: id(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    salutation: text('salutation').notNull().default('keine Angabe'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    position: text('position').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** sha256 of the invitation token; the link carries the token itself */
    inviteTokenHash: text('invite_token_hash'),
    invitedAt: ts('invited_at'),
    inviteExpiresAt: ts('invite_expires_at'),
    createdAt: createdAt(),
    ...versionColumns(() => users.id),
    removedAt: ts('removed_at'),
    /** issue 38: name, e-mail and phone removed by the retention rule `removed-persons` (persons/retention.ts) */
    anonymisedAt: ts('anonymised_at'),
  },
  (t) => [
    index('persons_facility_idx').on(t.facilityId),
    index('persons_user_idx').on(t.userId),
    index('persons_invite_token_idx').on(t.inviteTokenHash),
  ],
);

export type PersonRow = typeof persons.$inferSelect;
