import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../lib/focus-ring.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATIONS_PROPS } from '../lib/notifications';
import { NotificationsOutlet } from '../lib/notifications-outlet';
import { DATES_SETTINGS } from '../lib/dates-settings';
import { cssVariablesResolver, theme } from '../lib/theme';

type Props = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

/** Everything around the router: Mantine (theme, German dates, notifications at the top) and React Query. */
export function Providers({ queryClient, children, env = 'default' }: Props) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={DATES_SETTINGS}>
        <NotificationsOutlet {...NOTIFICATIONS_PROPS} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
