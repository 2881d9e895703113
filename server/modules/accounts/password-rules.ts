import { checkPasswordStrength } from '../../../src/shared/password-strength';
import { httpError, messages } from '../../lib/http-error';

/** Refuses a weak or personal password with the SPEC §3 per-field answer (`fields[field]`). */
export function assertStrongPassword(password: string, personal: { email?: string; firstName?: string; lastName?: string }, field = 'password') {
  const verdict = checkPasswordStrength(password, personal);
  if (!verdict.ok) throw httpError(400, 'validation_failed', messages.validationFailed, { [field]: verdict.message });
}
