import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../db/columns';
import { users } from '../users/users.table';

export const accountTokenKinds = ['activation', 'password-reset', 'email-change'] as const;

/** Single-use links: the mail carries 256 random bits, the table only their sha256. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    kind: text('kind', { enum: accountTokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** e-mail change: the address to switch to once confirmed */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.kind)],
);

/** Two-factor sign-in; its own table so the users row (read on every request) never carries the secret. */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** base32 secret in force; null until the set-up was confirmed with a code */
  secret: text('secret'),
  /** offered during set-up, not yet confirmed */
  pendingSecret: text('pending_secret'),
  enabledAt: ts('enabled_at'),
  /** the last accepted time step: a code is never accepted twice */
  lastStep: integer('last_step'),
});

/** One-time recovery codes, stored as sha256 (they have 50 random bits and are used once). */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;

/**
 * Issue 38, retention rule `inactive-accounts`: when an account without a login got the warning mail. A login after
 * it makes the warning void (the rule compares it with `last_login_at`); the row goes with the account.
 */
export const accountRetentionWarnings = pgTable('account_retention_warnings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  warnedAt: ts('warned_at').notNull(),
});
