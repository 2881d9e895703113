import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NOTIFICATIONS_PROPS } from '../lib/notifications';
import { DATES_SETTINGS } from './locale';
import { cssVariablesResolver, theme } from './theme';

type Props = { queryClient: QueryClient; children: ReactNode; env?: 'default' | 'test' };

/** Everything around the router: Mantine (theme, German dates, notifications at the top) and React Query. */
export function Providers({ queryClient, children, env = 'default' }: Props) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <DatesProvider settings={DATES_SETTINGS}>
        <Notifications {...NOTIFICATIONS_PROPS} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
