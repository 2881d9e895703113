import { useRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { isPlannedPath } from '../../src/app/route-status';
import { MainNav } from '../../src/components/layout/main-nav';
import type { AuthState } from '../../src/features/auth/auth-machine';
import { navItemsFor } from './nav-items';

/**
 * The side navigation of a logged-in person: a small chunk of its own that loads next to the page's (the login page
 * never loads it), so the navigation is drawn with the page; the menu and dialogs (session-chrome.tsx) come after.
 */
export function SessionNav({ state, onNavigate }: { state: AuthState; onNavigate: () => void }): ReactElement {
  const router = useRouter();
  const items = navItemsFor(state).map((item) => ({ ...item, planned: isPlannedPath(router, item.to) }));
  return <MainNav items={items} onNavigate={onNavigate} />;
}
