import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';
import { ConfirmDialog } from './confirm-dialog';

type Props = {
  /** there are changes that leaving would lose */
  when: boolean;
  /** what would be lost, as a sentence; a general one by default */
  children?: string;
};

/**
 * Asks before a page with unsaved changes is left: links and back/forward inside the portal get our dialog ("Abbrechen"
 * stays, the focus on it), closing or reloading the tab gets the browser's own question. TanStack Router's documented
 * `useBlocker`; nothing is asked while `when` is false.
 */
export function LeaveGuard({ when, children }: Props) {
  const dirty = useRef(when);
  dirty.current = when;
  const blocker = useBlocker({ shouldBlockFn: () => dirty.current, enableBeforeUnload: () => dirty.current, withResolver: true });
  return (
    <ConfirmDialog
      opened={blocker.status === 'blocked'}
      title="Änderungen nicht gespeichert"
      confirmLabel="Seite verlassen"
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {children ?? 'Du hast Änderungen, die noch nicht gespeichert sind. Wenn du die Seite verlässt, gehen sie verloren.'}
    </ConfirmDialog>
  );
}
