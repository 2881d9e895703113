import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AccountResponse, ConsentsUpdateRequest, PasswordChangeRequest } from '../../../src/shared/contracts/accounts';
import type { AppConfig } from '../../config';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { isoOrNull } from '../../lib/record-helpers';
import { audit } from '../audit/audit';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { rateLimiter } from '../rate-limit/rate-limit';
import { accountIdentity } from '../users/user-ref';
import { missingSettings } from '../users/user-view';
import { normaliseEmail, userQueries } from '../users/users.queries';
import { users, type UserRow } from '../users/users.table';
import { emailChangeConfirmMail, emailChangeNoticeMail, emailTakenMail, passwordChangedMail } from './accounts.mail';
import { accountTokens } from './accounts.table';
import { assertStrongPassword } from './password-rules';
import { throttledReauth } from './reauth';
import { consumeToken, issueToken, spendOpenTokens, tokenPaths } from './tokens';
import { recoveryCodesLeft, totpEnabled, totpRequired } from './totp';
import { userSessions } from '../auth/user-sessions';

type Deps = { db: Db; config: AppConfig };
type Meta = { ip: string; requestId: string };

export const meMessages = {
  emailRequested: 'Wir haben dir einen Bestätigungslink an die neue Adresse geschickt. Erst wenn du ihn öffnest, gilt die neue Adresse.',
  emailChanged: 'Deine neue E-Mail-Adresse gilt jetzt. Melde dich künftig damit an.',
  passwordChanged: 'Dein neues Passwort gilt. Deine anderen Sitzungen wurden beendet.',
  deleted: 'Dein Benutzerkonto ist gelöscht. Schade, dass du gehst!',
};

export async function accountView(deps: { db: DbOrTx; config: AppConfig }, user: UserRow): Promise<AccountResponse> {
  const { db } = deps;
  const [policy, pending, enabled, left, missing] = await Promise.all([
    userQueries({ db }).currentPrivacyPolicy(),
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
    ...accountIdentity(user),
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: isoOrNull(user.lastLoginAt),
    pendingEmail: pending[0]?.newEmail ?? null,
    consents: {
      privacyPolicyVersion: user.privacyPolicyVersion,
      privacyPolicyAcceptedAt: isoOrNull(user.privacyPolicyAcceptedAt),
      currentPrivacyPolicyVersion: policy?.version ?? null,
      newsletter: user.newsletter,
      newsletterDecidedAt: isoOrNull(user.newsletterDecidedAt),
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
    const taken = await userQueries({ db: tx }).findByEmail(newEmail);
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
      const taken = await userQueries({ db: tx }).findByEmail(row.newEmail!);
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
    const policy = await userQueries(deps).currentPrivacyPolicy();
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
