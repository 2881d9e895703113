import { checkPasswordStrength } from '../../../src/shared/password-strength';
import { fail } from '../../lib/http-error';

/** Refuses a weak or personal password with the SPEC §3 per-field answer (`fields[field]`). */
export function assertStrongPassword(password: string, personal: { email?: string; firstName?: string; lastName?: string }, field = 'password') {
  const verdict = checkPasswordStrength(password, personal);
  if (!verdict.ok) throw fail('common.validation_failed', { fields: { [field]: verdict.message } });
}
