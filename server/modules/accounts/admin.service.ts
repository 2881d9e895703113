import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminCreateUserRequestSchema } from '../../../src/shared/contracts/accounts';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit, type Ctx } from '../audit/audit';
import { userSessions } from '../auth/user-sessions';
import { facilityExists } from '../facilities/facility-scope';
import { addMember } from '../facilities/members.service';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { linkStaffEntryToAccount } from '../persons/person-scope';
import { userQueries } from '../users/users.queries';
import { privacyPolicyVersions, users, type UserRow } from '../users/users.table';
import { activationMail } from './accounts.mail';
import { hasPassword } from './registration.service';
import { issueToken, tokenPaths } from './tokens';
import { totpEnabled } from './totp';
import { accountFields } from '../users/user-ref';

/** Admin account tools (issue 4): routes → this service → repositories; every write is audit-logged in its own transaction. */

export const adminMessages = {
  activationSent: 'Der Aktivierungslink ist unterwegs.',
};

export async function adminUserView(db: DbOrTx, user: UserRow) {
  return {
    ...accountFields(user),
    isJury: user.isJury,
    createdAt: user.createdAt.toISOString(),
    totpEnabled: await totpEnabled(db, user.id),
    activeSessions: await userSessions(db).countLive(user.id),
  };
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw fail('common.not_found');
  return row;
}

async function otherActiveAdmins(db: DbOrTx, id: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), ne(users.id, id)))
    .limit(1);
  return rows.length;
}

export const getAdminUser = async (db: Db, userId: number) => adminUserView(db, await findUser(db, userId));

/** An account invited by an admin: no password yet, the activation link asks for one. */
export async function createUserByAdmin(db: Db, input: z.infer<typeof adminCreateUserRequestSchema>, ctx: Ctx) {
  try {
    const created = await db.transaction(async (tx) => {
      if (await userQueries({ db: tx }).findByEmail(input.email)) throw fail('admin_accounts.email_taken');
      const user = await userQueries({ db: tx }).insert({
        email: input.email,
        passwordHash: '',
        firstName: input.firstName,
        lastName: input.lastName,
        isAdmin: input.isAdmin,
      });
      if (input.facilityId !== undefined) {
        if (!(await facilityExists(tx, input.facilityId))) throw fail('admin_accounts.facility_not_found');
        await addMember(tx, input.facilityId, user.id);
      }
      if (input.personId !== undefined) {
        if (!(await linkStaffEntryToAccount(tx, input.personId, user.id))) throw fail('admin_accounts.person_not_found');
      }
      const token = await issueToken(tx, 'activation', user.id);
      await enqueueMail(tx, {
        to: user.email,
        template: activationMail,
        data: { firstName: user.firstName, path: tokenPaths.activation(token), invited: true },
        budget: 'exempt',
      });
      await audit(tx, {
        ...ctx,
        action: 'account.create',
        entityType: 'user',
        entityId: user.id,
        after: { email: user.email, isAdmin: user.isAdmin, personId: input.personId ?? null, facilityId: input.facilityId ?? null },
      });
      return user;
    });
    kickMailWorkers();
    return adminUserView(db, created);
  } catch (err) {
    if (sqlState(err) === '23505') throw fail('admin_accounts.email_taken');
    throw err;
  }
}

export async function resendActivation(db: Db, userId: number, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (user.activatedAt) throw fail('admin_accounts.already_active');
    if (user.deactivatedAt) throw fail('admin_accounts.deactivated');
    const token = await issueToken(tx, 'activation', user.id);
    await enqueueMail(tx, {
      to: user.email,
      template: activationMail,
      data: { firstName: user.firstName, path: tokenPaths.activation(token), invited: !hasPassword(user) },
      budget: 'exempt',
    });
    await audit(tx, { ...ctx, action: 'account.resend_activation', entityType: 'user', entityId: user.id });
  });
  kickMailWorkers();
  return { msg: adminMessages.activationSent };
}

export async function deactivateUser(db: Db, userId: number, selfId: number, ctx: Ctx) {
  const updated = await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (user.id === selfId) throw fail('admin_accounts.not_self');
    const [row] = await tx
      .update(users)
      .set({ deactivatedAt: user.deactivatedAt ?? new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const ended = await userSessions(tx).endAll(user.id);
    await audit(tx, { ...ctx, action: 'account.deactivate', entityType: 'user', entityId: user.id, after: { endedSessions: ended } });
    return row!;
  });
  return adminUserView(db, updated);
}

export async function reactivateUser(db: Db, userId: number, ctx: Ctx) {
  const updated = await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    // an active account stays as it is: no session ends, no audit entry (issue 18)
    if (!user.deactivatedAt) return user;
    const [row] = await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, user.id)).returning();
    // sessions of a deactivated account were ended; none may come back to life
    await userSessions(tx).endAll(user.id);
    await audit(tx, { ...ctx, action: 'account.reactivate', entityType: 'user', entityId: user.id });
    return row!;
  });
  return adminUserView(db, updated);
}

/** Ends the account's sessions; the admin's own current session (`keepSessionId`) stays when it is their own account. */
export async function endUserSessions(db: Db, userId: number, self: { userId: number; sessionId: string | undefined }, ctx: Ctx) {
  const ended = await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const n = await userSessions(tx).endAll(user.id, user.id === self.userId ? self.sessionId : undefined);
    await audit(tx, { ...ctx, action: 'session.end_all', entityType: 'user', entityId: user.id, after: { ended: n } });
    return n;
  });
  return { ended, msg: ended === 1 ? 'Eine Sitzung wurde beendet.' : `${ended} Sitzungen wurden beendet.` };
}

export async function setAdmin(db: Db, userId: number, isAdmin: boolean, ctx: Ctx) {
  const updated = await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    if (!isAdmin && user.isAdmin && (await otherActiveAdmins(tx, user.id)) === 0) {
      throw fail('admin_accounts.last_admin');
    }
    const [row] = await tx.update(users).set({ isAdmin }).where(eq(users.id, user.id)).returning();
    await audit(tx, {
      ...ctx,
      action: isAdmin ? 'account.grant_admin' : 'account.revoke_admin',
      entityType: 'user',
      entityId: user.id,
      before: { isAdmin: user.isAdmin },
      after: { isAdmin },
    });
    return row!;
  });
  return adminUserView(db, updated);
}

/**
 * Jury membership (issue 12) is its own flag beside is_admin: granting or taking it back never touches admin
 * rights, so no admin can be locked out by it. It takes effect with the account's next request (the session
 * lookup reads is_jury), no session needs to end.
 */
export async function setJury(db: Db, userId: number, isJury: boolean, ctx: Ctx) {
  const updated = await db.transaction(async (tx) => {
    const user = await findUser(tx, userId);
    const [row] = await tx.update(users).set({ isJury }).where(eq(users.id, user.id)).returning();
    await audit(tx, {
      ...ctx,
      action: isJury ? 'account.grant_jury' : 'account.revoke_jury',
      entityType: 'user',
      entityId: user.id,
      before: { isJury: user.isJury },
      after: { isJury },
    });
    return row!;
  });
  return adminUserView(db, updated);
}

export async function publishPrivacyPolicy(db: Db, version: string, ctx: Ctx) {
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx.insert(privacyPolicyVersions).values({ version }).returning();
      await audit(tx, {
        ...ctx,
        action: 'privacy_policy.publish',
        entityType: 'privacy_policy',
        entityId: inserted!.id,
        after: { version: inserted!.version },
      });
      return inserted!;
    });
    return { version: row.version, publishedAt: row.publishedAt.toISOString() };
  } catch (err) {
    if (sqlState(err) === '23505') throw fail('admin_accounts.policy_exists');
    throw err;
  }
}
