import { Group } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, type ReactElement } from 'react';
import { AppFrame } from '../../src/components/layout/app-frame';
import { useAfterFirstPaint } from '../../src/components/layout/render-later';
import { UserMenuButton, userDisplayName } from '../../src/components/layout/header-actions';
import { SiteFooter } from '../../src/components/layout/site-footer';
import { useDocumentTitle } from '../../src/components/layout/use-document-title';
import { useFocusKeeper } from '../../src/components/layout/use-focus-keeper';
import { useFocusOnNavigation } from '../../src/components/layout/use-focus-on-navigation';
import { FacilitySwitcher } from '../../src/features/access/components/facility-switcher';
import { isAuthenticated } from '../../src/features/auth/auth-machine';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';
import { loadSessionChrome, loadSessionNav } from './session-chrome-chunk';

const DEFAULT_PROGRAMME_NAME = 'KiTa-Portal';

// the logged-in parts (session-chrome-chunk.ts): the navigation with the page, the menu and dialogs once it is painted
const SessionNav = lazy(() => loadSessionNav().then((m) => ({ default: m.SessionNav })));
const SessionUserMenu = lazy(() => loadSessionChrome().then((m) => ({ default: m.SessionUserMenu })));
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
  const chrome = useAfterFirstPaint() && user !== null;
  const facilities = user ? Object.values(user.facilities) : [];
  const menuButton = user && <UserMenuButton name={userDisplayName(user)} inert />;

  return (
    <AppFrame
      programmeName={programmeName}
      headerActions={
        // the row, the KiTa's name and the user menu's button are drawn with the page; the menu comes with the session's
        // chunk and takes its button's place at the same size: at 320 px the names take a line of their own, which,
        // drawn with the chunk, pushed the page down by 30 px
        user && (
          <Group gap="xs" style={{ minWidth: 0, columnGap: 'var(--mantine-spacing-md)' }}>
            <FacilitySwitcher facilities={facilities} activeFacilityId={state.activeFacilityId} />
            <Suspense fallback={menuButton}>{chrome ? <SessionUserMenu user={user} /> : menuButton}</Suspense>
          </Group>
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
      {chrome && (
        <Suspense fallback={null}>
          <SessionDialogs state={state} facilities={facilities} supportEmail={config?.supportEmail ?? ''} supportPhone={config?.supportPhone ?? ''} />
        </Suspense>
      )}
    </AppFrame>
  );
}
