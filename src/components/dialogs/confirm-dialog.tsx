import type { ConfirmDialogProps } from './confirm-dialog-view';
import { lazyDialog } from './lazy-dialog';

/**
 * Asks before something that can't simply be undone (remove, withdraw, close); "Abbrechen" has the focus when it
 * opens. Its code comes with its first opening (lazyDialog).
 */
export const ConfirmDialog = lazyDialog<ConfirmDialogProps>(
  () => import('./confirm-dialog-view'),
  (props) => props.opened,
);
