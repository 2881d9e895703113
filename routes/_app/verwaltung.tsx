import { Outlet, createFileRoute, redirect, useRouterState } from '@tanstack/react-router';
import { AdminSubNav } from './verwaltung/-components/admin-sub-nav';

/**
 * seed §6: everything under /verwaltung is for administrators; others go to the home page. The layout's guard
 * (parent beforeLoad) has already loaded the session, so the store is current here.
 */
export const Route = createFileRoute('/_app/verwaltung')({
  staticData: { access: 'admin' },
  beforeLoad: ({ context }) => {
    if (!context.auth.getState().user?.is_admin) throw redirect({ to: '/', replace: true });
  },
  component: AdminLayout,
});

/** Every admin page carries the admin areas' sub-navigation above its content; the overview is that list itself. */
function AdminLayout() {
  const overview = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') === '/verwaltung' });
  return (
    <>
      {!overview && <AdminSubNav />}
      <Outlet />
    </>
  );
}
