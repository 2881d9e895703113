import { useEffect, useState } from 'react';
import { getPublicConfig } from '../../../lib/api-client';
import type { PasswordVerdict } from '../../../shared/password-strength';

type Personal = { email?: string; firstName?: string; lastName?: string };

/** zxcvbn with its German dictionaries is large: loaded on first use, only on the pages that set a password. */
const loadChecker = () => import('../../../shared/password-strength').then((m) => m.checkPasswordStrength);

/** The verdict for `password` while typing (debounced), or null while empty or still loading. */
export function usePasswordStrength(password: string, personal: Personal = {}): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<{ for: string; value: PasswordVerdict } | null>(null);
  const { email, firstName, lastName } = personal;

  useEffect(() => {
    if (!password) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void loadChecker().then((check) => {
        if (!cancelled)
          setVerdict({ for: password, value: check(password, { email, firstName, lastName }, { programmeName: getPublicConfig().programmeName }) });
      });
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [password, email, firstName, lastName]);

  if (!password || !verdict) return null;
  return verdict.value;
}
