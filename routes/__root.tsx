import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../src/app/router-context';
import { publicConfigQueryOptions } from '../src/features/config/api/get-public-config';
import { usePing } from '../src/features/auth/hooks/use-ping';
import { reportError, setPublicConfig } from '../src/lib/api-client';

const CONFIG_FAILED = 'Die Einstellungen des Portals konnten nicht geladen werden.';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Programme name and support contact (seed §8 {email}/{phone}); the portal still works with the defaults.
  loader: async ({ context }) => {
    try {
      setPublicConfig(await context.queryClient.ensureQueryData(publicConfigQueryOptions()));
    } catch (error) {
      reportError(error, CONFIG_FAILED);
    }
  },
  component: RootView,
});

function RootView() {
  // seed §1: the ping starts when the root view appears and stops when it is removed.
  usePing();
  return <Outlet />;
}
