import { Center, Loader, Stack, Text } from '@mantine/core';
import { OFFLINE_WAITING, useIsOnline } from '../../lib/use-online';

/**
 * Shown by the router when a page takes longer than a moment (e.g. the first login-status check). Offline the page's
 * data waits for the network (the queries' retries): it says so instead of spinning without end.
 */
export function PageLoader() {
  const online = useIsOnline();
  return (
    <Center py="xl" role="status" data-page-loader aria-label={online ? 'Seite wird geladen' : undefined}>
      {online ? (
        <Loader />
      ) : (
        <Stack align="center" gap="xs">
          <Loader />
          <Text>{OFFLINE_WAITING}</Text>
        </Stack>
      )}
    </Center>
  );
}
