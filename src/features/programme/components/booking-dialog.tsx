import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { BookingDialogProps } from './booking-dialog-view';

/** The booking of a date for the KiTa's staff; its code comes with its first opening (lazyDialog). */
export const BookingDialog = lazyDialog<BookingDialogProps>(
  () => import('./booking-dialog-view'),
  (props) => props.offering !== null,
);
