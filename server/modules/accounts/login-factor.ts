import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit } from '../audit/audit';
import type { FactorAttempt } from '../auth/throttle';
import type { UserRow } from '../users/users.table';
import { beginTotpSetup, checkSecondFactor, confirmTotpSetup, totpRequired, totpRow } from './totp';

// the seed's login shape next to SPEC §3's reason, like every other login failure
const needs = (
  id: 'auth.totp_required' | 'auth.totp_invalid' | 'auth.totp_setup_required' | 'auth.totp_setup_invalid',
  extra: Record<string, unknown>,
) => {
  const msg = fail(id).message;
  return fail(id, { body: { success: false, user: null, curSeason: null, msg, ...extra } });
};

/**
 * Runs after the password was right, within the guess the login throttle already counted (so a burst of codes
 * checks at most the limit). Passes (maybe with fresh recovery codes after a set-up) or throws the
 * `needs: 'totp' | 'totp-setup'` answer. Wrong codes count as failed logins for the throttle.
 */
export async function secondFactorAtLogin(
  deps: { db: Db; config: AppConfig },
  user: UserRow,
  code: string | undefined,
  meta: { ip: string; requestId: string },
  login: FactorAttempt,
): Promise<{ recoveryCodes?: string[] }> {
  const row = await totpRow(deps.db, user.id);
  const wrong = login.failFactor;
  // asking for the code (or showing the set-up) is no guess: the right password alone proves nothing more
  const notYet = async (err: Error) => {
    await login.attempt.release();
    return err;
  };
  if (row?.secret) {
    if (!code) throw await notYet(needs('auth.totp_required', { needs: 'totp' }));
    const ok = await checkSecondFactor(deps.db, user.id, code, deps.config);
    if (!ok) {
      await wrong();
      throw needs('auth.totp_invalid', { needs: 'totp' });
    }
    if (ok === 'recovery') {
      await audit(deps.db, {
        actorUserId: user.id,
        action: 'account.use_recovery_code',
        entityType: 'user',
        entityId: user.id,
        requestId: meta.requestId,
        ip: meta.ip,
      });
    }
    return {};
  }
  if (!totpRequired(user, deps.config)) return {};
  const setup = await beginTotpSetup(deps.db, user, deps.config);
  if (!code) throw await notYet(needs('auth.totp_setup_required', { needs: 'totp-setup', totpSetup: setup }));
  const recoveryCodes = await confirmTotpSetup(deps.db, user.id, code, deps.config);
  if (!recoveryCodes) {
    await wrong();
    throw needs('auth.totp_setup_invalid', { needs: 'totp-setup', totpSetup: setup });
  }
  await audit(deps.db, {
    actorUserId: user.id,
    action: 'account.enable_totp',
    entityType: 'user',
    entityId: user.id,
    requestId: meta.requestId,
    ip: meta.ip,
  });
  return { recoveryCodes };
}
