import { integer, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Identity ids (SQL standard, PostgreSQL 10+) instead of serial, so sequences belong to their column. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** Every moment is stored with its zone; the UI shows Europe/Berlin. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => ts('created_at').notNull().defaultNow();

/** the user who made a row (kept as history when the account is deleted) */
export const createdByColumn = (user: () => AnyPgColumn) => integer('created_by').references(user, { onDelete: 'set null' });

/**
 * Optimistic concurrency and "zuletzt geändert": every write sends the version it read and counts it up, and says who
 * and when (server/lib/versioned-update.ts). `user` is the users table's id (passed in: server/db imports no module).
 */
export const versionColumns = (user: () => AnyPgColumn) => ({
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(user, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
});
