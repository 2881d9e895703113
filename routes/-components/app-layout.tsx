import { Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { AppFrame } from '../../src/components/layout/app-frame';
import { MainNav } from '../../src/components/layout/main-nav';
import { UserMenu } from '../../src/components/layout/user-menu';
import { useDocumentTitle } from '../../src/components/layout/use-document-title';
import { useFocusOnNavigation } from '../../src/components/layout/use-focus-on-navigation';
import { FacilitySwitcher } from '../../src/features/access/components/facility-switcher';
import { GuardDialogs } from '../../src/features/access/components/guard-dialogs';
import { isAuthenticated } from '../../src/features/auth/auth-machine';
import { useAuthState, useAuthStore } from '../../src/features/auth/hooks/use-auth-state';
import { useLogoutAction } from '../../src/features/auth/hooks/use-logout-action';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';
import { navItemsFor } from './nav-items';

const DEFAULT_PROGRAMME_NAME = 'KiTa-Portal';

/** Wires the shared layout parts to the session: header, navigation, guard dialogs (seed §2/§8). */
export function AppLayout(): ReactElement {
  const state = useAuthState();
  const auth = useAuthStore();
  const { data: config } = usePublicConfig();
  const { logout, pending } = useLogoutAction();
  useFocusOnNavigation();
  const programmeName = config?.programmeName ?? DEFAULT_PROGRAMME_NAME;
  useDocumentTitle(programmeName);

  const user = isAuthenticated(state) ? state.user : null;
  const facilities = user ? Object.values(user.facilities) : [];

  return (
    <AppFrame
      programmeName={programmeName}
      headerActions={
        user && (
          <Group gap="md" wrap="nowrap">
            <FacilitySwitcher facilities={facilities} activeFacilityId={state.activeFacilityId} />
            <UserMenu name={`${user.first_name} ${user.last_name}`.trim() || user.email} onLogout={() => void logout()} loggingOut={pending} />
          </Group>
        )
      }
      navigation={user ? (close) => <MainNav items={navItemsFor(state)} onNavigate={close} /> : undefined}
    >
      <Outlet />
      {user && (
        <GuardDialogs
          supportEmail={config?.supportEmail ?? ''}
          supportPhone={config?.supportPhone ?? ''}
          facilities={facilities}
          activeFacilityId={state.activeFacilityId}
          seasonIdentifier={state.curSeason?.identifier ?? ''}
          onSelectFacility={(facilityId) => auth.dispatch({ type: 'FACILITY_SELECTED', facilityId })}
        />
      )}
    </AppFrame>
  );
}
