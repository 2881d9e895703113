import { eq } from 'drizzle-orm';
import type { ActivateRequest, PasswordResetRequest, RegisterRequest, TokenKind } from '../../../src/shared/contracts/accounts';
import type { AppConfig } from '../../config';
import { sqlState, type Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { rateLimiter, type RateRule } from '../rate-limit/rate-limit';
import { normaliseEmail, userQueries } from '../users/users.queries';
import { users, type UserRow } from '../users/users.table';
import { activationMail, passwordChangedMail, passwordResetMail, registrationAttemptMail } from './accounts.mail';
import { assertStrongPassword } from './password-rules';
import { consumeToken, inspectToken, issueToken, spendOpenTokens, tokenError, tokenMessage, tokenPaths } from './tokens';
import { totpEnabled, totpRequired } from './totp';
import { userSessions } from '../auth/user-sessions';

const hour = 3_600_000;
/** per IP and per address, counted whether or not the address has an account (so a 429 reveals nothing) */
export const accountRateRules = {
  registerIp: { bucket: 'register:ip', limit: 10, windowMs: hour },
  registerEmail: { bucket: 'register:email', limit: 3, windowMs: hour },
  resendIp: { bucket: 'resend:ip', limit: 10, windowMs: hour },
  resendEmail: { bucket: 'resend:email', limit: 3, windowMs: hour },
  forgotIp: { bucket: 'forgot:ip', limit: 10, windowMs: hour },
  forgotEmail: { bucket: 'forgot:email', limit: 3, windowMs: hour },
} satisfies Record<string, RateRule>;

export const accountMessages = {
  registered: 'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige darin deine Adresse, dann ist dein Benutzerkonto aktiv.',
  resent: 'Wenn es zu dieser Adresse ein Benutzerkonto gibt, das noch nicht aktiviert ist, haben wir dir einen neuen Aktivierungslink geschickt.',
  forgot:
    'Wenn es zu dieser Adresse ein Benutzerkonto gibt, haben wir dir einen Link zum Festlegen eines neuen Passworts geschickt. Er gilt eine Stunde.',
  activated: 'Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.',
  resetLoggedIn: 'Dein neues Passwort gilt. Du bist jetzt angemeldet.',
  resetLogin: 'Dein neues Passwort gilt. Bitte melde dich jetzt an.',
};

type Deps = { db: Db; config: AppConfig };
type Meta = { ip: string; requestId: string };

/** An account created by an admin has no password until its activation. */
export const hasPassword = (user: Pick<UserRow, 'passwordHash'>) => user.passwordHash !== '';

export async function register(deps: Deps, input: RegisterRequest, meta: Meta): Promise<void> {
  const email = normaliseEmail(input.email);
  await rateLimiter(deps).hit([
    { rule: accountRateRules.registerIp, key: meta.ip },
    { rule: accountRateRules.registerEmail, key: email },
  ]);
  const policy = await userQueries(deps).currentPrivacyPolicy();
  if (policy && policy.version !== input.privacyPolicyVersion) {
    throw fail('registration.policy_outdated');
  }
  assertStrongPassword(input.password, { email, firstName: input.firstName, lastName: input.lastName }, deps.config);
  // hashed for existing addresses too, so both answers take the same time
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  try {
    await deps.db.transaction(async (tx) => {
      const existing = await userQueries({ db: tx }).findByEmail(email);
      if (existing) {
        await enqueueMail(tx, {
          to: existing.email,
          template: registrationAttemptMail,
          data: { firstName: existing.firstName, resetPath: '/passwort-vergessen' },
          budget: 'recipient',
        });
        return;
      }
      const user = await userQueries({ db: tx }).insert({
        email: input.email.trim(),
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        privacyPolicyVersion: policy?.version ?? input.privacyPolicyVersion,
        privacyPolicyAcceptedAt: now,
        newsletter: input.newsletter,
        newsletterDecidedAt: now,
      });
      const token = await issueToken(tx, 'activation', user.id, { now });
      await enqueueMail(tx, {
        to: user.email,
        template: activationMail,
        data: { firstName: user.firstName, path: tokenPaths.activation(token) },
        budget: 'recipient',
      });
      await audit(tx, {
        actorUserId: user.id,
        action: 'account.register',
        entityType: 'user',
        entityId: user.id,
        requestId: meta.requestId,
        ip: meta.ip,
        after: { newsletter: input.newsletter, privacyPolicyVersion: policy?.version ?? input.privacyPolicyVersion },
      });
    });
  } catch (err) {
    // two registrations of one new address at once: the loser answers like any existing address
    if (sqlState(err) !== '23505') throw err;
  }
  kickMailWorkers();
}

export async function tokenStatus(deps: Deps, kind: TokenKind, token: string) {
  const found = await inspectToken(deps.db, kind, token);
  return {
    status: found.state,
    msg: tokenMessage(kind, found.state),
    needsPassword: kind === 'activation' && found.state === 'valid' && !hasPassword(found.user!),
  };
}

export async function activate(deps: Deps, input: ActivateRequest, meta: Meta): Promise<void> {
  const found = await inspectToken(deps.db, 'activation', input.token);
  if (found.state !== 'valid') throw tokenError('activation', found.state);
  const user = found.user!;
  let passwordHash: string | undefined;
  if (!hasPassword(user)) {
    if (!input.password) throw fail('registration.password_needed');
    assertStrongPassword(input.password, user, deps.config);
    passwordHash = await hashPassword(input.password);
  }
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await consumeToken(tx, 'activation', input.token, now);
    await tx
      .update(users)
      .set({ activatedAt: now, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(users.id, user.id));
    await spendOpenTokens(tx, 'activation', user.id, now);
    // setting the first password is a password change too: no older reset link outlives it
    if (passwordHash) await spendOpenTokens(tx, 'password-reset', user.id, now);
    await audit(tx, {
      actorUserId: user.id,
      action: 'account.activate',
      entityType: 'user',
      entityId: user.id,
      requestId: meta.requestId,
      ip: meta.ip,
    });
  });
}

export async function resendActivation(deps: Deps, rawEmail: string, meta: Meta): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await rateLimiter(deps).hit([
    { rule: accountRateRules.resendIp, key: meta.ip },
    { rule: accountRateRules.resendEmail, key: email },
  ]);
  await deps.db.transaction(async (tx) => {
    const user = await userQueries({ db: tx }).findByEmail(email);
    if (!user || user.activatedAt || user.deactivatedAt) return;
    const token = await issueToken(tx, 'activation', user.id);
    await enqueueMail(tx, {
      to: user.email,
      template: activationMail,
      data: { firstName: user.firstName, path: tokenPaths.activation(token), invited: !hasPassword(user) },
      budget: 'recipient',
    });
  });
  kickMailWorkers();
}

/** answers the account's id for the security log (null: no such active account; the caller tells no one) */
export async function forgotPassword(deps: Deps, rawEmail: string, meta: Meta): Promise<{ userId: number | null }> {
  const email = normaliseEmail(rawEmail);
  await rateLimiter(deps).hit([
    { rule: accountRateRules.forgotIp, key: meta.ip },
    { rule: accountRateRules.forgotEmail, key: email },
  ]);
  const userId = await deps.db.transaction(async (tx) => {
    const user = await userQueries({ db: tx }).findByEmail(email);
    if (!user || user.deactivatedAt) return null;
    const token = await issueToken(tx, 'password-reset', user.id);
    await enqueueMail(tx, {
      to: user.email,
      template: passwordResetMail,
      data: { firstName: user.firstName, path: tokenPaths['password-reset'](token) },
      budget: 'recipient',
    });
    return user.id;
  });
  kickMailWorkers();
  return { userId };
}

/** Sets the new password, ends every session of the account; answers the user when it may be logged in now. */
export async function resetPassword(deps: Deps, input: PasswordResetRequest, meta: Meta): Promise<{ user: UserRow; logIn: boolean }> {
  const found = await inspectToken(deps.db, 'password-reset', input.token);
  if (found.state !== 'valid') throw tokenError('password-reset', found.state);
  const user = found.user!;
  assertStrongPassword(input.password, user, deps.config);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const updated = await deps.db.transaction(async (tx) => {
    await consumeToken(tx, 'password-reset', input.token, now);
    // the link proves the address, so a never-activated account is activated too
    const [row] = await tx
      .update(users)
      .set({ passwordHash, activatedAt: user.activatedAt ?? now })
      .where(eq(users.id, user.id))
      .returning();
    await spendOpenTokens(tx, 'password-reset', user.id, now);
    await userSessions(tx).endAll(user.id);
    await enqueueMail(tx, { to: user.email, template: passwordChangedMail, data: { firstName: user.firstName }, budget: 'exempt' });
    await audit(tx, {
      actorUserId: user.id,
      action: 'account.reset_password',
      entityType: 'user',
      entityId: user.id,
      requestId: meta.requestId,
      ip: meta.ip,
    });
    return row!;
  });
  kickMailWorkers();
  // a second factor is not skipped by a mailed link: such accounts sign in again through the login form
  const logIn = !(await totpEnabled(deps.db, user.id)) && !totpRequired(user, deps.config);
  return { user: updated, logIn };
}
