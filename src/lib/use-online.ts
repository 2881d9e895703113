import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network, as React Query knows it (the queries' retries wait for it): pages that wait for
 * data say so instead of spinning without end (issue 34).
 */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** what a page waiting for data says while the network is gone */
export const OFFLINE_WAITING = 'Keine Verbindung zum Server. Sobald du wieder online bist, geht es hier weiter.';
