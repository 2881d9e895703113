import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** may review the documentation forms (access level 'jury', /api/admin/documentation/…) but not administer */
    isJury: boolean('is_jury').notNull().default(false),
    activatedAt: ts('activated_at'),
    deactivatedAt: ts('deactivated_at'),
    createdAt: createdAt(),
    lastLoginAt: ts('last_login_at'),
    privacyPolicyVersion: text('privacy_policy_version'),
    privacyPolicyAcceptedAt: ts('privacy_policy_accepted_at'),
    /** null = not decided yet, which is what missingSettings reports */
    newsletter: boolean('newsletter'),
    newsletterDecidedAt: ts('newsletter_decided_at'),
  },
  // case-insensitive uniqueness without citext (an extension PGlite would have to load)
  (t) => [uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`)],
);

export const privacyPolicyVersions = pgTable('privacy_policy_versions', {
  id: id(),
  version: text('version').notNull().unique(),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/**
 * What the session lookup reads of the user on every request: what loginstatus, the guards and the access check
 * need. The hash, timestamps and other columns are read by the few routes that need them (fewer columns to
 * transfer and convert on the hottest query of the portal).
 */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  isJury: users.isJury,
  privacyPolicyVersion: users.privacyPolicyVersion,
  newsletter: users.newsletter,
};
export type SessionUser = Pick<UserRow, keyof typeof sessionUserColumns>;
