import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { usePendingInvitation } from '../../src/features/staff/hooks/use-pending-invitation';

/**
 * The staff invitation (/personal → mail → /registrieren?einladung=…) ends here: once the invited person is
 * logged in, the stored token is redeemed and the KiTa becomes active without a reload.
 */
export function useInvitationAcceptance(loggedIn: boolean) {
  const session = useSessionFacilities();
  usePendingInvitation(loggedIn, (accepted) => session.refresh(accepted.facilityId));
}
