import type { LoginResponse } from '../../../src/shared/contracts/auth';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { sessionView } from '../users/user-view';
import { normaliseEmail, usersRepository } from '../users/users.repository';
import type { UserRow } from '../users/users.table';
import { verifyPassword } from './passwords';
import { berlinClock, loginThrottle } from './throttle';

export const loginMessages = {
  welcome: 'Willkommen zurück!',
};

// the seed's shape travels next to `reason`, so both the old client fields and SPEC §3 work
const failureBody = (msg: string) => ({ success: false, user: null, curSeason: null, msg });
const loginFailure = (id: 'auth.invalid_credentials' | 'auth.account_inactive') => fail(id, { body: failureBody(fail(id).message) });

/**
 * Checks credentials and throttling. Returns the user on success; every failure is an HttpError
 * whose body carries both shapes. Unknown e-mail and wrong password are indistinguishable.
 */
export async function checkCredentials(deps: { db: Db }, input: { email: string; password: string; ip: string }, now = new Date()): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  const throttle = loginThrottle(deps);
  const until = await throttle.blockedUntil(email, input.ip, now);
  if (until) {
    const clock = berlinClock(until);
    const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
    throw fail('auth.too_many_attempts', [clock], { body: failureBody(fail('auth.too_many_attempts', [clock]).message), headers: { 'retry-after': String(seconds) } });
  }
  const user = await usersRepository(deps).findByEmail(email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await throttle.recordFailure(email, input.ip, now);
    throw loginFailure('auth.invalid_credentials');
  }
  // only someone who knows the password learns that the account is inactive
  if (!user.activatedAt || user.deactivatedAt) {
    throw loginFailure('auth.account_inactive');
  }
  // the failure count is cleared by the caller once every factor passed (a right password alone must not
  // reset the count, or a second factor could be guessed without limit)
  return user;
}

export async function loginAnswer(deps: { db: Db }, user: UserRow): Promise<LoginResponse> {
  const view = await sessionView(deps.db, user);
  return { success: true, ...view, msg: loginMessages.welcome };
}
