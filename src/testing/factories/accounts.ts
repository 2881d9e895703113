import type { User } from '../../shared/contracts/auth';
import type { AccountResponse } from '../../shared/contracts/accounts';

/** GET /api/me/account as the server answers it for a demo account; override what a test needs. */
export function buildAccount(overrides: Partial<AccountResponse> = {}): AccountResponse {
  return {
    id: 3,
    email: 'eine-kita@demo.example',
    firstName: 'Erika',
    lastName: 'Muster',
    isAdmin: false,
    createdAt: '2026-01-10T09:00:00.000Z',
    lastLoginAt: '2026-11-20T08:30:00.000Z',
    pendingEmail: null,
    consents: {
      privacyPolicyVersion: '2026-01',
      privacyPolicyAcceptedAt: '2026-01-10T09:00:00.000Z',
      currentPrivacyPolicyVersion: '2026-01',
      newsletter: false,
      newsletterDecidedAt: '2026-01-10T09:00:00.000Z',
    },
    totp: { enabled: false, required: false, recoveryCodesLeft: 0 },
    missingSettings: {},
    ...overrides,
  };
}

/** A token of the right shape (43 base64url characters). */
export const TEST_TOKEN = 'A'.repeat(43);

/** The settings view of a session user (GET /api/me/account), consents decided unless missingSettings says otherwise. */
export function accountOfUser(user: User): AccountResponse {
  const undecided = (key: string) => key in user.missingSettings;
  const base = buildAccount();
  return buildAccount({
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.is_admin,
    missingSettings: user.missingSettings,
    consents: {
      ...base.consents,
      ...(undecided('privacyPolicy') ? { privacyPolicyVersion: null, privacyPolicyAcceptedAt: null } : {}),
      ...(undecided('newsletter') ? { newsletter: null, newsletterDecidedAt: null } : {}),
    },
  });
}
