import type { LoginResponse } from '../../../src/shared/contracts/auth';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import type { SecurityLog } from '../../lib/security-log';
import { sessionView, type UserContextColumns } from '../users/user-view';
import { normaliseEmail, userQueries } from '../users/users.queries';
import type { UserRow } from '../users/users.table';
import { verifyPassword } from './passwords';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { loginAttackMail } from './auth.mail';
import { berlinClock, loginThrottle, throttleRules, type LoginAttempt } from './throttle';

export const loginMessages = {
  welcome: 'Willkommen zurück!',
};

// the seed's shape travels next to `reason`, so both the old client fields and SPEC §3 work
const failureBody = (msg: string) => ({ success: false, user: null, curSeason: null, msg });
const loginFailure = (id: 'auth.invalid_credentials' | 'auth.account_inactive') => fail(id, { body: failureBody(fail(id).message) });

/** A blocked login: 429 with the Berlin clock time and Retry-After (the same for every e-mail, known or not). */
function throttledError(until: Date, now: Date) {
  const clock = berlinClock(until);
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return fail('auth.too_many_attempts', [clock], {
    body: failureBody(fail('auth.too_many_attempts', [clock]).message),
    headers: { 'retry-after': String(seconds) },
  });
}

/** Mails the owner once per window when untrusted clients have used up the account's guesses. */
async function alertOwner(
  deps: { db: Db },
  user: UserRow | null,
  email: string,
  now: Date,
  until = new Date(now.getTime() + throttleRules.windowMinutes * 60_000),
) {
  // asked for unknown addresses too, so a locked-out answer takes the same time whether or not the account exists
  if (!(await loginThrottle(deps).shouldAlert(email, now)) || !user) return;
  await enqueueMail(deps.db, {
    to: user.email,
    template: loginAttackMail,
    data: { firstName: user.firstName, until: berlinClock(until) },
    budget: 'exempt',
  });
  kickMailWorkers();
}

export type CheckedLogin = {
  user: UserRow;
  /** the reserved guess: the caller settles it once the second factor is decided */
  attempt: LoginAttempt;
  /** counts a wrong second-factor code like a wrong password (and mails the owner when that locks the account) */
  failFactor: () => Promise<void>;
};

/**
 * Checks credentials and throttling. Returns the user on success; every failure is an HttpError whose body carries
 * both shapes. Unknown e-mail, wrong password and an account without a password yet are indistinguishable (each
 * verifies one argon2 hash). The guess is counted before the hash is verified, so a parallel burst checks at most
 * the limit. `deviceNonceFor` answers the nonce of a valid device cookie the browser brought for that account.
 */
export async function checkCredentials(
  deps: { db: Db; security?: SecurityLog },
  input: { email: string; password: string; ip: string },
  deviceNonceFor: (userId: number) => string | null = () => null,
  now = new Date(),
): Promise<CheckedLogin> {
  const email = normaliseEmail(input.email);
  const throttle = loginThrottle(deps);
  const user = await userQueries(deps).findByEmail(email);
  const deviceNonce = user ? deviceNonceFor(user.id) : null;
  // SPEC §10: the account's id (null: no such account) and the address, never the e-mail address that was typed
  const who = { userId: user?.id ?? null, ip: input.ip };
  const attempt = await throttle.begin({ email, ip: input.ip, deviceNonce }, now);
  if (attempt.blocked) {
    deps.security?.('login.throttled', who);
    if (attempt.accountLocked) await alertOwner(deps, user, email, now, attempt.until);
    throw throttledError(attempt.until, now);
  }
  const failed = async (factor: 'password' | 'totp') => {
    const { accountLocked } = await attempt.fail();
    deps.security?.('login.failed', { ...who, factor });
    if (!accountLocked) return;
    deps.security?.('login.locked', who);
    await alertOwner(deps, user, email, now);
  };
  const failFactor = () => failed('totp');
  let ok: boolean;
  try {
    ok = await verifyPassword(user?.passwordHash, input.password);
  } catch (err) {
    await attempt.release();
    throw err;
  }
  if (!user || !ok) {
    await failed('password');
    throw loginFailure('auth.invalid_credentials');
  }
  // only someone who knows the password learns that the account is inactive
  if (!user.activatedAt || user.deactivatedAt) {
    await attempt.release();
    throw loginFailure('auth.account_inactive');
  }
  // the count is settled by the caller once every factor is decided (a right password alone must not reset it,
  // or a second factor could be guessed without limit)
  return { user, attempt, failFactor };
}

export async function loginAnswer(deps: { db: Db; contextColumns: UserContextColumns }, user: UserRow): Promise<LoginResponse> {
  const view = await sessionView(deps.db, deps.contextColumns, user);
  return { success: true, ...view, msg: loginMessages.welcome };
}
