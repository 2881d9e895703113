import { eq } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/**
 * The users table once more in a query, under its own name, for "who changed it", "who made it", "who decided":
 * `.select({ …, u: updater.name }).leftJoin(updater.table, updater.on(facilities.updatedBy))`, then
 * actorOf(row.updatedBy, row.u) or personName(row.u) (server/lib/record-helpers.ts).
 */
export function userRef(name: string) {
  const table = alias(users, name);
  return {
    table,
    name: { firstName: table.firstName, lastName: table.lastName, email: table.email },
    on: (column: AnyPgColumn) => eq(table.id, column),
  };
}

/** the name columns of the users table itself, where a query joins it only once */
export const userName = { firstName: users.firstName, lastName: users.lastName, email: users.email };

type AccountRow = Pick<
  typeof users.$inferSelect,
  'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'activatedAt' | 'deactivatedAt' | 'lastLoginAt'
>;

/**
 * An account as every account answer spells it (`/api/admin/users/{id}`, the account in `/api/admin/persons/{id}`):
 * one mapping, so the two cannot drift apart.
 */
export function accountFields(u: AccountRow) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    activatedAt: u.activatedAt?.toISOString() ?? null,
    deactivatedAt: u.deactivatedAt?.toISOString() ?? null,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}
