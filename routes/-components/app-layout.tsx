import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, type ReactElement } from 'react';
import { AppFrame } from '../../src/components/layout/app-frame';
import { HeaderActionsRow, UserMenuButton, userDisplayName } from '../../src/components/layout/header-actions';
import { SiteFooter } from '../../src/components/layout/site-footer';
import { useDocumentTitle } from '../../src/components/layout/use-document-title';
import { useFocusKeeper } from '../../src/components/layout/use-focus-keeper';
import { useFocusOnNavigation } from '../../src/components/layout/use-focus-on-navigation';
import { FacilitySwitcher } from '../../src/features/access/components/facility-switcher';
import { isAuthenticated } from '../../src/features/auth/auth-machine';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';
import { loadSessionChrome } from './session-chrome-chunk';

const DEFAULT_PROGRAMME_NAME = 'KiTa-Portal';

// one chunk for all logged-in parts: anonymous visitors (the login page) never load it
const SessionHeaderActions = lazy(() => loadSessionChrome().then((m) => ({ default: m.SessionHeaderActions })));
const SessionNav = lazy(() => loadSessionChrome().then((m) => ({ default: m.SessionNav })));
const SessionDialogs = lazy(() => loadSessionChrome().then((m) => ({ default: m.SessionDialogs })));

/** Wires the shared layout parts to the session: header, navigation, guard dialogs (seed §2/§8). */
export function AppLayout(): ReactElement {
  const state = useAuthState();
  const { data: config } = usePublicConfig();
  useFocusOnNavigation();
  useFocusKeeper();
  const programmeName = config?.programmeName ?? DEFAULT_PROGRAMME_NAME;
  useDocumentTitle(programmeName);

  const user = isAuthenticated(state) ? state.user : null;
  const facilities = user ? Object.values(user.facilities) : [];

  return (
    <AppFrame
      programmeName={programmeName}
      headerActions={
        user && (
          <Suspense
            fallback={
              // the row as it will be, names included, but inert until the menu's chunk is there: the page does not move
              <HeaderActionsRow inert>
                <FacilitySwitcher facilities={facilities} activeFacilityId={state.activeFacilityId} />
                <UserMenuButton name={userDisplayName(user)} tabIndex={-1} />
              </HeaderActionsRow>
            }
          >
            <SessionHeaderActions state={state} user={user} facilities={facilities} />
          </Suspense>
        )
      }
      footer={
        <SiteFooter
          links={[
            { label: 'Impressum', href: config?.imprintUrl ?? null, to: '/impressum' },
            { label: 'Datenschutzerklärung', href: config?.privacyUrl ?? null, to: '/datenschutz' },
            { label: 'Erklärung zur Barrierefreiheit', href: config?.accessibilityUrl ?? null, to: '/barrierefreiheit' },
          ]}
        />
      }
      navigation={
        user
          ? (close) => (
              <Suspense fallback={null}>
                <SessionNav state={state} onNavigate={close} />
              </Suspense>
            )
          : undefined
      }
    >
      <Outlet />
      {user && (
        <Suspense fallback={null}>
          <SessionDialogs state={state} facilities={facilities} supportEmail={config?.supportEmail ?? ''} supportPhone={config?.supportPhone ?? ''} />
        </Suspense>
      )}
    </AppFrame>
  );
}
