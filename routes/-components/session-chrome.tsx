import { useEffect, type ReactElement } from 'react';
import { userDisplayName } from '../../src/components/layout/header-actions';
import { UserMenu } from '../../src/components/layout/user-menu';
import { GuardDialogs } from '../../src/features/access/components/guard-dialogs';
import type { AuthState } from '../../src/features/auth/auth-machine';
import { useAuthStore } from '../../src/features/auth/hooks/use-auth-state';
import { useLogoutAction } from '../../src/features/auth/hooks/use-logout-action';
import type { FacilitySummary, User } from '../../src/shared/contracts/auth';
import { loadNotificationsContainer } from '../../src/lib/notifications-outlet';
import { useInvitationAcceptance } from './use-invitation-acceptance';

/*
 * Everything of the layout only a logged-in person sees. It is its own chunk (loaded lazily by app-layout), so the
 * login page does not download menus, dialogs and their positioning library.
 */

type SessionProps = { state: AuthState; user: User; facilities: FacilitySummary[] };

/** the header's user menu (the frame draws the row, the KiTa's name and, until this is there, the menu's button) */
export function SessionUserMenu({ user }: { user: User }): ReactElement {
  const { logout, pending } = useLogoutAction();
  return <UserMenu name={userDisplayName(user)} onLogout={() => void logout()} loggingOut={pending} />;
}

export function SessionDialogs({
  state,
  facilities,
  supportEmail,
  supportPhone,
}: Omit<SessionProps, 'user'> & { supportEmail: string; supportPhone: string }): ReactElement {
  const auth = useAuthStore();
  // mounted only while someone is logged in: the moment a stored staff invitation can be redeemed
  useInvitationAcceptance(true);
  // Mantine's notifications container comes along while the network is surely there, so a later failure (offline)
  // shows in it; /login keeps it out of its first load and falls back to the plain list (src/lib/notifications-outlet)
  useEffect(() => void loadNotificationsContainer().catch(() => undefined), []);
  return (
    <GuardDialogs
      supportEmail={supportEmail}
      supportPhone={supportPhone}
      facilities={facilities}
      activeFacilityId={state.activeFacilityId}
      seasonIdentifier={state.curSeason?.identifier ?? ''}
      onSelectFacility={(facilityId) => auth.dispatch({ type: 'FACILITY_SELECTED', facilityId })}
    />
  );
}
