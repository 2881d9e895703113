import { lazyDialog } from '../../../../components/dialogs/lazy-dialog';
import type { PasswordConfirmDialogProps } from './password-confirm-dialog-view';

/** Asks for the password before a change of the account; its code comes with its first opening (lazyDialog). */
export const PasswordConfirmDialog = lazyDialog<PasswordConfirmDialogProps>(
  () => import('./password-confirm-dialog-view'),
  (props) => props.opened,
);
