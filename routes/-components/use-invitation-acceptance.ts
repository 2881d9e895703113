import { useRouter } from '@tanstack/react-router';
import { useSessionFacilities } from '../../src/features/auth/hooks/use-session-facilities';
import { usePendingInvitation } from '../../src/features/staff/hooks/use-pending-invitation';

/**
 * The staff invitation (/personal → mail → /registrieren?einladung=…) ends here: once the invited person is
 * logged in, the stored token is redeemed and the KiTa becomes active without a reload; a person still on the
 * registration form (logged in when they opened the link) goes on to the start page.
 */
export function useInvitationAcceptance(loggedIn: boolean) {
  const session = useSessionFacilities();
  const router = useRouter();
  usePendingInvitation(loggedIn, async (accepted) => {
    await session.refresh(accepted.facilityId);
    // the link opens the registration form: someone logged in is done there, and goes on to the start page of the KiTa
    if (router.state.location.pathname === '/registrieren') await router.navigate({ to: '/', replace: true });
  });
}
