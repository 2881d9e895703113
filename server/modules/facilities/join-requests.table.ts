import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../db/columns';
import { users } from '../users/users.table';
import { facilities } from './facilities.table';

/** A user asks to join an existing KiTa instead of registering a duplicate; a member or an admin decides. */
export const facilityJoinRequests = pgTable(
  'facility_join_requests',
  {
    id: id(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull().default(''),
    state: text('state', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // one open request per user and KiTa; decided ones stay as history
    uniqueIndex('facility_join_requests_pending_uq')
      .on(t.facilityId, t.userId)
      .where(sql`${t.state} = 'pending'`),
    index('facility_join_requests_user_idx').on(t.userId),
  ],
);

export type JoinRequestRow = typeof facilityJoinRequests.$inferSelect;
