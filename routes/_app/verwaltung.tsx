import { Outlet, createFileRoute, redirect, useRouterState } from '@tanstack/react-router';
import { ColumnChoiceOwner } from '../../src/components/data-table/column-choice';
import { mayOpenAdminPath } from '../../src/features/access/access-rules';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';
import { AdminSubNav } from './verwaltung/-components/admin-sub-nav';

/**
 * seed §6: everything under /verwaltung is for administrators; others go to the home page. Issue 12: jury members
 * may open /verwaltung/dokuboegen and below, nothing else. The layout's guard (parent beforeLoad) has already
 * loaded the session and decided the same, so the store is current here.
 */
export const Route = createFileRoute('/_app/verwaltung')({
  staticData: { access: 'admin' },
  beforeLoad: ({ context, location }) => {
    const user = context.auth.getState().user;
    if (!user || !mayOpenAdminPath(user, location.pathname)) throw redirect({ to: '/', replace: true });
  },
  component: AdminLayout,
});

/**
 * Every admin page carries the admin areas' sub-navigation above its content; the overview is that list itself.
 * The lists remember their column choice per admin (the signed-in user's id).
 */
function AdminLayout() {
  const overview = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') === '/verwaltung' });
  const userId = useAuthState().user?.id ?? null;
  return (
    <ColumnChoiceOwner value={userId}>
      {!overview && <AdminSubNav />}
      <Outlet />
    </ColumnChoiceOwner>
  );
}
