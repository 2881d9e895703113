import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { EmailListCriteria, EmailListPurpose } from '../../../src/shared/contracts/email-lists';
import { createdAt, createdByColumn, id, versionColumns } from '../../db/columns';
import { users } from '../users/users.table';

/** issue 21: a saved e-mail address list (its criteria as the contract's JSON, validated on the way in and out) */
export const emailLists = pgTable(
  'email_lists',
  {
    id: id(),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<EmailListCriteria>().notNull(),
    purpose: text('purpose').$type<EmailListPurpose>().notNull(),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
    ...versionColumns(() => users.id),
  },
  (t) => [index('email_lists_name_idx').on(t.name)],
);

export type EmailListRow = typeof emailLists.$inferSelect;
