import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { GuardStore } from '../guard-store';

export function useGuardStore(): GuardStore {
  return useRouter().options.context.guard;
}

export function useGuardDialog() {
  const guard = useGuardStore();
  return useSyncExternalStore(guard.subscribe, guard.getDialog, guard.getDialog);
}
