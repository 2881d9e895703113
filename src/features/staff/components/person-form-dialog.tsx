import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { PersonFormDialogProps } from './person-form-dialog-view';

/** Add or edit one staff member in a dialog; its code comes with its first opening (lazyDialog). */
export const PersonFormDialog = lazyDialog<PersonFormDialogProps>(
  () => import('./person-form-dialog-view'),
  () => true,
);
