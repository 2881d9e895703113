import type { GuardDialog } from './access-rules';

export type GuardStore = {
  getDialog(): GuardDialog | null;
  openDialog(dialog: GuardDialog): void;
  closeDialog(): void;
  subscribe(listener: () => void): () => void;
  /** href of the last page that finished loading; a cancelled navigation goes back there */
  getPreviousHref(): string | null;
  setPreviousHref(href: string): void;
};

/**
 * The guard dialogs' state lives here and not in a component, so a route's beforeLoad can open a dialog while
 * it cancels the navigation. One store per router instance keeps tests independent.
 */
export function createGuardStore(): GuardStore {
  let dialog: GuardDialog | null = null;
  let previousHref: string | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    getDialog: () => dialog,
    openDialog(next) {
      // Dialog 3 (missing settings) wins over anything opened in the same round of redirects.
      if (dialog?.kind === 'missing-settings' && next.kind !== 'missing-settings') return;
      dialog = next;
      emit();
    },
    closeDialog() {
      if (dialog === null) return;
      dialog = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getPreviousHref: () => previousHref,
    setPreviousHref(href) {
      previousHref = href;
    },
  };
}
