import type { FieldErrors } from '../../../lib/form-errors';
import { passwordMessages } from '../../../shared/contracts/accounts';

/** zod skips an object's refine while any field fails; a mismatch of the repeated password is worth telling at once */
export function passwordRepeatCheck(values: { password?: unknown; passwordRepeat?: unknown }): FieldErrors {
  return typeof values.passwordRepeat === 'string' && values.passwordRepeat && values.password !== values.passwordRepeat
    ? { passwordRepeat: passwordMessages.mismatch }
    : {};
}
