import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { AuthState } from '../auth-machine';
import type { AuthStore } from '../auth-store';

/** The router context carries the one auth store, so guards and components share it. */
export function useAuthStore(): AuthStore {
  return useRouter().options.context.auth;
}

export function useAuthState(): AuthState {
  const auth = useAuthStore();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}
