import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
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

/** Every admin page carries the admin areas' sub-navigation above its content. */
function AdminLayout() {
  return (
    <>
      <AdminSubNav />
      <Outlet />
    </>
  );
}
