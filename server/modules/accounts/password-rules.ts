import { checkPasswordStrength } from '../../../src/shared/password-strength';
import type { AppConfig } from '../../config';
import { fail } from '../../lib/http-error';

/**
 * Refuses a weak or personal password with the SPEC §3 per-field answer (`fields[field]`). The programme's name
 * joins the portal's own words, seasons, months and years that a guesser for this portal tries first.
 */
export function assertStrongPassword(
  password: string,
  personal: { email?: string; firstName?: string; lastName?: string },
  config: Pick<AppConfig, 'programmeName'>,
  field = 'password',
) {
  const verdict = checkPasswordStrength(password, personal, { programmeName: config.programmeName });
  if (!verdict.ok) throw fail('common.validation_failed', { fields: { [field]: verdict.message } });
}
