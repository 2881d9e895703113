import { and, count, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { berlinDate } from '../../lib/berlin-time';
import { auditMany } from '../audit/audit';
import { forgetUserInAuditLog } from '../audit/user-data';
import { enqueueMails } from '../mail/outbox';
import { forgetUserInSeasonEnrolments } from '../seasons/user-data';
import { users } from '../users/users.table';
import { accountDeletedMail, inactiveAccountWarningMail } from './accounts.mail';
import { accountRetentionWarnings as warnings } from './accounts.table';

/**
 * Retention rules `unactivated-accounts` and `inactive-accounts` (issue 38, SPEC §9). Admin accounts are never removed
 * by a rule (the last admin must not vanish at night); an admin removes another admin by hand. A deleted account's
 * staff entries stay with their KiTa, unlinked (the foreign key sets null); its enrolments and audit entries lose the
 * link, as on a deletion by the account itself.
 */

const day = 86_400_000;
const lastSeen = sql`coalesce(${users.lastLoginAt}, ${users.activatedAt}, ${users.createdAt})`;
/** a warning still standing: given after the last login */
const standingWarning = sql`(${warnings.warnedAt} is not null and (${users.lastLoginAt} is null or ${users.lastLoginAt} < ${warnings.warnedAt}))`;

const unactivated = (before: Date) => and(isNull(users.activatedAt), eq(users.isAdmin, false), lt(users.createdAt, before));
/** inactive: seen last before `warnBefore`, no standing warning yet */
const toWarn = (warnBefore: Date): SQL =>
  and(eq(users.isAdmin, false), sql`${users.activatedAt} is not null`, lt(lastSeen, warnBefore), sql`not ${standingWarning}`)!;
/** warned before `deleteBefore` and no login since */
const toDelete = (deleteBefore: Date): SQL => and(eq(users.isAdmin, false), standingWarning, lt(warnings.warnedAt, deleteBefore))!;

const countOf = async (db: DbOrTx, where: SQL | undefined) => {
  const [row] = await db.select({ n: count() }).from(users).leftJoin(warnings, eq(warnings.userId, users.id)).where(where);
  return row?.n ?? 0;
};

export const unactivatedAccountsDue = (db: DbOrTx, before: Date) => countOf(db, unactivated(before));
/** as of `asOf`: accounts that would get the warning, and warned ones whose grace ran out */
export async function inactiveAccountsDue(db: DbOrTx, asOf: Date, periodDays: number, graceDays: number) {
  return {
    warn: await countOf(db, toWarn(new Date(asOf.getTime() - periodDays * day))),
    remove: await countOf(db, toDelete(new Date(asOf.getTime() - graceDays * day))),
  };
}

async function take(tx: Tx, where: SQL | undefined, batch: number) {
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .leftJoin(warnings, eq(warnings.userId, users.id))
    .where(where)
    .limit(batch)
    .for('update', { of: users, skipLocked: true });
}

async function deleteAccounts(tx: Tx, rows: { id: number; email: string; firstName: string }[], rule: string, mail: boolean) {
  if (rows.length === 0) return 0;
  for (const r of rows) {
    await forgetUserInSeasonEnrolments(tx, r.id);
    await forgetUserInAuditLog(tx, r.id);
  }
  await tx.delete(users).where(
    inArray(
      users.id,
      rows.map((r) => r.id),
    ),
  );
  if (mail)
    await enqueueMails(
      tx,
      rows.map((r) => ({ to: r.email, template: accountDeletedMail, data: { firstName: r.firstName }, budget: 'exempt' as const })),
    );
  await auditMany(
    tx,
    rows.map((r) => ({
      actorUserId: null,
      action: 'account.delete_by_retention' as const,
      entityType: 'user' as const,
      entityId: r.id,
      after: { rule },
    })),
  );
  return rows.length;
}

/** one batch of never activated accounts registered before `before`; answers how many were deleted */
export async function deleteUnactivatedAccounts(tx: Tx, before: Date, batch: number): Promise<number> {
  return deleteAccounts(tx, await take(tx, unactivated(before), batch), 'unactivated-accounts', false);
}

/** one batch of warned accounts whose grace ran out (no login since the warning); a mail says it is done */
export async function deleteInactiveAccounts(tx: Tx, asOf: Date, graceDays: number, batch: number): Promise<number> {
  return deleteAccounts(tx, await take(tx, toDelete(new Date(asOf.getTime() - graceDays * day)), batch), 'inactive-accounts', true);
}

/** one batch of inactive accounts: the warning mail (German) with the day of the deletion; answers how many */
export async function warnInactiveAccounts(tx: Tx, asOf: Date, periodDays: number, graceDays: number, batch: number): Promise<number> {
  const rows = await take(tx, toWarn(new Date(asOf.getTime() - periodDays * day)), batch);
  if (rows.length === 0) return 0;
  const deleteOn = berlinDate(new Date(asOf.getTime() + graceDays * day))
    .split('-')
    .reverse()
    .join('.');
  await tx
    .insert(warnings)
    .values(rows.map((r) => ({ userId: r.id, warnedAt: asOf })))
    .onConflictDoUpdate({ target: warnings.userId, set: { warnedAt: asOf } });
  await enqueueMails(
    tx,
    rows.map((r) => ({ to: r.email, template: inactiveAccountWarningMail, data: { firstName: r.firstName, deleteOn }, budget: 'exempt' as const })),
  );
  await auditMany(
    tx,
    rows.map((r) => ({
      actorUserId: null,
      action: 'account.warn_by_retention' as const,
      entityType: 'user' as const,
      entityId: r.id,
      after: { deleteOn },
    })),
  );
  return rows.length;
}
