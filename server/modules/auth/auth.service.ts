import type { LoginResponse } from '../../../src/shared/contracts/auth';
import type { Db } from '../../db/client';
import { httpError } from '../../lib/http-error';
import { sessionView } from '../users/user-view';
import { normaliseEmail, usersRepository } from '../users/users.repository';
import type { UserRow } from '../users/users.table';
import { verifyPassword } from './passwords';
import { berlinClock, loginThrottle } from './throttle';

export const loginMessages = {
  invalid: 'E-Mail-Adresse oder Passwort ist falsch.',
  welcome: 'Willkommen zurück!',
  inactive: 'Dein Benutzerkonto ist nicht aktiv. Bitte bestätige deine E-Mail-Adresse oder wende dich an uns.',
  throttled: (clock: string) => `Zu viele Anmeldeversuche. Bitte versuche es um ${clock} Uhr wieder.`,
};

// the seed's shape travels next to `reason`, so both the old client fields and SPEC §3 work
const failureBody = (msg: string) => ({ success: false, user: null, curSeason: null, msg });

/**
 * Checks credentials and throttling. Returns the user on success; every failure is an HttpError
 * whose body carries both shapes. Unknown e-mail and wrong password are indistinguishable.
 */
export async function checkCredentials(deps: { db: Db }, input: { email: string; password: string; ip: string }, now = new Date()): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const throttle = loginThrottle(deps);
  const until = await throttle.blockedUntil(email, input.ip, now);
  if (until) {
    const msg = loginMessages.throttled(berlinClock(until));
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    throw httpError(429, 'too_many_attempts', msg, undefined, { body: failureBody(msg), headers: { 'retry-after': String(seconds) } });
  }
  const user = await usersRepository(deps).findByEmail(email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await throttle.recordFailure(email, input.ip, now);
    throw httpError(401, 'invalid_credentials', loginMessages.invalid, undefined, { body: failureBody(loginMessages.invalid) });
  }
  // only someone who knows the password learns that the account is inactive
  if (!user.activatedAt || user.deactivatedAt) {
    throw httpError(403, 'account_inactive', loginMessages.inactive, undefined, { body: failureBody(loginMessages.inactive) });
  }
  // the failure count is cleared by the caller once every factor passed (a right password alone must not
  // reset the count, or a second factor could be guessed without limit)
  return user;
}

export async function loginAnswer(deps: { db: Db }, user: UserRow): Promise<LoginResponse> {
  const view = await sessionView(deps.db, user);
  return { success: true, ...view, msg: loginMessages.welcome };
}
