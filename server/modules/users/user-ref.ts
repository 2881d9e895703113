import { eq } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AccountResponse } from '../../../src/shared/contracts/accounts';
import { isoOrNull } from '../../lib/record-helpers';
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
 * Who an account is, as every account answer begins (`/api/me/account`, `/api/admin/users/{id}`, the account in
 * `/api/admin/persons/{id}`, the own-data export): one mapping of the fields they share, which each extends.
 */
export const accountIdentity = (
  u: Pick<AccountRow, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin'>,
): Pick<AccountResponse, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin'> => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  isAdmin: u.isAdmin,
});

/**
 * An account as the admin's answers spell it (`/api/admin/users/{id}`, the account in `/api/admin/persons/{id}`):
 * one mapping, so the two cannot drift apart.
 */
export function accountFields(u: AccountRow) {
  return {
    ...accountIdentity(u),
    activatedAt: isoOrNull(u.activatedAt),
    deactivatedAt: isoOrNull(u.deactivatedAt),
    lastLoginAt: isoOrNull(u.lastLoginAt),
  };
}
