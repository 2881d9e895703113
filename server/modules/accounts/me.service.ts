import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { enrolmentsOfPersons } from '../programme/staff.service';
import type { AccountResponse, ConsentsUpdateRequest, DataExport, PasswordChangeRequest } from '../../../src/shared/contracts/accounts';
import type { AppConfig } from '../../config';
import { queryRows, sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit } from '../audit/audit';
import { auditLog } from '../audit/audit.table';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { rateLimiter } from '../rate-limit/rate-limit';
import { seasonEnrolments } from '../seasons/seasons.table';
import { applicationsCreatedBy } from '../team-workshops/team-workshops.service';
import { missingSettings } from '../users/user-view';
import { normaliseEmail, usersRepository } from '../users/users.repository';
import { users, type UserRow } from '../users/users.table';
import { accountDeletedMail, emailChangeConfirmMail, emailChangeNoticeMail, emailTakenMail, passwordChangedMail } from './accounts.mail';
import { accountTokens } from './accounts.table';
import { assertStrongPassword } from './password-rules';
import { throttledReauth } from './reauth';
import { consumeToken, issueToken, spendOpenTokens, tokenPaths } from './tokens';
import { recoveryCodesLeft, totpEnabled, totpRequired } from './totp';
import { userSessions } from '../auth/user-sessions';

type Deps = { db: Db; config: AppConfig };
type Meta = { ip: string; requestId: string };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const meMessages = {
  emailRequested: 'Wir haben dir einen Bestätigungslink an die neue Adresse geschickt. Erst wenn du ihn öffnest, gilt die neue Adresse.',
  emailChanged: 'Deine neue E-Mail-Adresse gilt jetzt. Melde dich künftig damit an.',
  passwordChanged: 'Dein neues Passwort gilt. Deine anderen Sitzungen wurden beendet.',
  deleted: 'Dein Benutzerkonto ist gelöscht. Schade, dass du gehst!',
};

export async function accountView(deps: { db: DbOrTx; config: AppConfig }, user: UserRow): Promise<AccountResponse> {
  const { db } = deps;
  const [policy, pending, enabled, left, missing] = await Promise.all([
    usersRepository({ db }).currentPrivacyPolicy(),
    db
      .select({ newEmail: accountTokens.newEmail })
      .from(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          eq(accountTokens.kind, 'email-change'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(accountTokens.createdAt))
      .limit(1),
    totpEnabled(db, user.id),
    recoveryCodesLeft(db, user.id),
    missingSettings(db, user),
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
    pendingEmail: pending[0]?.newEmail ?? null,
    consents: {
      privacyPolicyVersion: user.privacyPolicyVersion,
      privacyPolicyAcceptedAt: iso(user.privacyPolicyAcceptedAt),
      currentPrivacyPolicyVersion: policy?.version ?? null,
      newsletter: user.newsletter,
      newsletterDecidedAt: iso(user.newsletterDecidedAt),
    },
    totp: { enabled, required: totpRequired(user, deps.config), recoveryCodesLeft: left },
    missingSettings: missing,
  };
}

const reload = async (db: DbOrTx, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0]!;

/** Re-authentication with the password: one counted guess (throttled like the login, see reauth.ts). */
export async function assertPassword(deps: { db: Db }, user: UserRow, password: string, field = 'password') {
  if (!(await throttledReauth(deps, user.id, () => verifyPassword(user.passwordHash, password)))) {
    throw fail('me.wrong_password', { field });
  }
}

export async function updateProfile(deps: Deps, user: UserRow, input: { firstName: string; lastName: string }, meta: Meta) {
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set(input).where(eq(users.id, user.id));
    await audit(tx, {
      actorUserId: user.id,
      action: 'account.update_profile',
      entityType: 'user',
      entityId: user.id,
      ...meta,
      before: { firstName: user.firstName, lastName: user.lastName },
      after: input,
    });
    return reload(tx, user.id);
  });
}

export async function requestEmailChange(deps: Deps, user: UserRow, input: { newEmail: string; password: string }, meta: Meta) {
  await assertPassword(deps, user, input.password);
  const newEmail = input.newEmail.trim();
  if (normaliseEmail(newEmail) === normaliseEmail(user.email)) throw fail('me.same_email');
  await rateLimiter(deps).hit([{ rule: { bucket: 'email-change:user', limit: 5, windowMs: 3_600_000 }, key: String(user.id) }]);
  await deps.db.transaction(async (tx) => {
    // whether the new address has an account is not revealed: its owner gets a notice instead of a link
    const taken = await usersRepository({ db: tx }).findByEmail(newEmail);
    if (taken) {
      await enqueueMail(tx, { to: taken.email, template: emailTakenMail, data: {}, budget: 'recipient' });
      return;
    }
    const token = await issueToken(tx, 'email-change', user.id, { newEmail });
    await enqueueMail(tx, {
      to: newEmail,
      template: emailChangeConfirmMail,
      data: { firstName: user.firstName, newEmail, path: tokenPaths['email-change'](token) },
      budget: 'recipient',
    });
    await enqueueMail(tx, { to: user.email, template: emailChangeNoticeMail, data: { firstName: user.firstName, newEmail }, budget: 'exempt' });
    await audit(tx, { actorUserId: user.id, action: 'account.request_email_change', entityType: 'user', entityId: user.id, ...meta });
  });
  kickMailWorkers();
}

export async function confirmEmailChange(deps: Deps, token: string, meta: Meta) {
  try {
    await deps.db.transaction(async (tx) => {
      const { row, user } = await consumeToken(tx, 'email-change', token);
      const taken = await usersRepository({ db: tx }).findByEmail(row.newEmail!);
      if (taken && taken.id !== user.id) throw fail('me.email_taken');
      await tx.update(users).set({ email: row.newEmail! }).where(eq(users.id, user.id));
      await spendOpenTokens(tx, 'email-change', user.id);
      await audit(tx, {
        actorUserId: user.id,
        action: 'account.change_email',
        entityType: 'user',
        entityId: user.id,
        ...meta,
        before: { email: user.email },
        after: { email: row.newEmail },
      });
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw fail('me.email_taken');
    throw err;
  }
}

export async function changePassword(deps: Deps, user: UserRow, currentSessionId: string | undefined, input: PasswordChangeRequest, meta: Meta) {
  await assertPassword(deps, user, input.currentPassword, 'currentPassword');
  assertStrongPassword(input.password, user, deps.config);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    // a reset link requested before (by the owner or by someone with access to the mailbox) must not undo this
    await spendOpenTokens(tx, 'password-reset', user.id);
    await userSessions(tx).endAll(user.id, currentSessionId);
    await enqueueMail(tx, { to: user.email, template: passwordChangedMail, data: { firstName: user.firstName }, budget: 'exempt' });
    await audit(tx, { actorUserId: user.id, action: 'account.change_password', entityType: 'user', entityId: user.id, ...meta });
  });
  kickMailWorkers();
}

export async function updateConsents(deps: Deps, user: UserRow, input: ConsentsUpdateRequest, meta: Meta) {
  const now = new Date();
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.acceptPrivacyPolicyVersion !== undefined) {
    const policy = await usersRepository(deps).currentPrivacyPolicy();
    if (!policy || policy.version !== input.acceptPrivacyPolicyVersion) {
      throw fail('me.policy_outdated');
    }
    set.privacyPolicyVersion = policy.version;
    set.privacyPolicyAcceptedAt = now;
  }
  if (input.newsletter !== undefined) {
    set.newsletter = input.newsletter;
    set.newsletterDecidedAt = now;
  }
  return deps.db.transaction(async (tx) => {
    await tx.update(users).set(set).where(eq(users.id, user.id));
    await audit(tx, {
      actorUserId: user.id,
      action: 'account.update_consents',
      entityType: 'user',
      entityId: user.id,
      ...meta,
      before: { newsletter: user.newsletter, privacyPolicyVersion: user.privacyPolicyVersion },
      after: { newsletter: set.newsletter ?? user.newsletter, privacyPolicyVersion: set.privacyPolicyVersion ?? user.privacyPolicyVersion },
    });
    return reload(tx, user.id);
  });
}

/** KiTas in which the user is the only member. */
export async function lastMemberOf(db: DbOrTx, userId: number) {
  const mine = db.select({ id: facilityMembers.facilityId }).from(facilityMembers).where(eq(facilityMembers.userId, userId));
  const rows = await db
    .select({ id: facilities.id, label: facilities.label, members: sql<number>`count(*)::int` })
    .from(facilities)
    .innerJoin(facilityMembers, eq(facilityMembers.facilityId, facilities.id))
    .where(inArray(facilities.id, mine))
    .groupBy(facilities.id, facilities.label)
    .orderBy(facilities.label);
  return rows.filter((r) => Number(r.members) === 1).map(({ id, label }) => ({ id, label }));
}

async function tableExists(db: DbOrTx, name: string) {
  const rows = await queryRows<{ ok: boolean }>(db, sql`select to_regclass(${`public.${name}`}) is not null as ok`);
  return rows[0]?.ok === true;
}

/**
 * Deletes the account and its consents (the row). Persons and enrolments stay with their KiTa, pseudonymised:
 * a person record of the account loses its link, name and contact data; enrolments and audit entries lose the
 * link to the account.
 */
export async function deleteAccount(deps: Deps, user: UserRow, input: { password: string; confirmLastMember: boolean }, meta: Meta) {
  await assertPassword(deps, user, input.password);
  if (user.isAdmin) {
    const others = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), sql`${users.id} <> ${user.id}`))
      .limit(1);
    if (others.length === 0) throw fail('me.last_admin');
  }
  const last = await lastMemberOf(deps.db, user.id);
  if (last.length > 0 && !input.confirmLastMember) {
    throw fail('me.last_member', [last.map((f) => f.label)], { body: { lastMemberOf: last } });
  }
  await deps.db.transaction(async (tx) => {
    if (await tableExists(tx, 'persons')) {
      // the KiTa keeps the staff record (past enrolments point to it) but no longer who it was
      await tx.execute(
        sql`update persons set user_id = null, first_name = 'Gelöschte', last_name = 'Person', email = '', phone = '', salutation = 'keine Angabe' where user_id = ${user.id}`,
      );
    }
    await tx.update(seasonEnrolments).set({ createdBy: null }).where(eq(seasonEnrolments.createdBy, user.id));
    await tx.update(auditLog).set({ actorUserId: null }).where(eq(auditLog.actorUserId, user.id));
    // entries about the account keep what happened and when, not the personal values (names, addresses)
    await tx
      .update(auditLog)
      .set({ before: null, after: null })
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(user.id))));
    await tx.delete(users).where(eq(users.id, user.id));
    await enqueueMail(tx, { to: user.email, template: accountDeletedMail, data: { firstName: user.firstName }, budget: 'exempt' });
    await audit(tx, {
      actorUserId: null,
      action: 'account.delete',
      entityType: 'user',
      entityId: user.id,
      requestId: meta.requestId,
      ip: meta.ip,
      after: { lastMemberOf: last.map((f) => f.id) },
    });
  });
  kickMailWorkers();
}

export async function exportData(deps: Deps, user: UserRow, currentSessionId: string | undefined): Promise<DataExport> {
  const { db } = deps;
  const view = await accountView(deps, user);
  const memberships = await db
    .select({ facilityId: facilities.id, label: facilities.label, since: facilityMembers.createdAt })
    .from(facilityMembers)
    .innerJoin(facilities, eq(facilities.id, facilityMembers.facilityId))
    .where(eq(facilityMembers.userId, user.id));
  const persons = (await tableExists(db, 'persons'))
    ? await queryRows<Record<string, unknown>>(
        db,
        sql`select id, facility_id, salutation, first_name, last_name, email, phone, position, created_at, removed_at from persons where user_id = ${user.id}`,
      )
    : [];
  const enrolments = await db
    .select({
      id: seasonEnrolments.id,
      facilityId: seasonEnrolments.facilityId,
      seasonId: seasonEnrolments.seasonId,
      createdAt: seasonEnrolments.createdAt,
      withdrawnAt: seasonEnrolments.withdrawnAt,
    })
    .from(seasonEnrolments)
    .where(eq(seasonEnrolments.createdBy, user.id));
  const teamWorkshops = await applicationsCreatedBy(db, user.id);
  const sessions = await userSessions(db).list(user.id);
  const activity = await db
    .select({ action: auditLog.action, at: auditLog.at, entityType: auditLog.entityType, entityId: auditLog.entityId })
    .from(auditLog)
    .where(eq(auditLog.actorUserId, user.id))
    .orderBy(desc(auditLog.at))
    .limit(5000);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      isAdmin: user.isAdmin,
      isJury: user.isJury,
      createdAt: iso(user.createdAt),
      activatedAt: iso(user.activatedAt),
      lastLoginAt: iso(user.lastLoginAt),
      pendingEmail: view.pendingEmail,
      twoFactorEnabled: view.totp.enabled,
    },
    consents: view.consents,
    memberships: memberships.map((m) => ({ ...m, since: m.since.toISOString() })),
    persons: persons.map((p) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]))),
    enrolments: [
      ...enrolments.map((e) => ({ type: 'season-enrolment', ...e, createdAt: iso(e.createdAt), withdrawnAt: iso(e.withdrawnAt) })),
      // issue 11: the team-workshop applications this account made (other modules add their own kinds)
      ...teamWorkshops,
      // the season's programme: bookings of the staff entries linked to this account
      ...(await enrolmentsOfPersons(
        db,
        persons.map((p) => Number(p.id)),
      )),
    ],
    sessions: sessions.map((s) => sessionInfo(s, currentSessionId)),
    activity: activity.map((a) => ({ ...a, at: a.at.toISOString() })),
  };
}

export function sessionInfo(
  s: { id: string; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null },
  currentId: string | undefined,
) {
  return {
    id: s.id,
    current: s.id === currentId,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  };
}
