import { randomInt } from 'node:crypto';
import { CROCKFORD_ALPHABET } from '../../../src/shared/contracts/certificates';

/**
 * A certificate's check code: 12 characters of Crockford base32 from the operating system's random source (60 bits),
 * not derived from any id, so a code says nothing about other certificates and cannot be guessed from one; the
 * public check is rate-limited on top (certificates.routes.ts). Stored without hyphens, printed as XXXX-XXXX-XXXX.
 */
export function newCheckCode(): string {
  let code = '';
  for (let i = 0; i < 12; i++) code += CROCKFORD_ALPHABET[randomInt(32)];
  return code;
}
