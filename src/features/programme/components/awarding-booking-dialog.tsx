import { lazyDialog } from '../../../components/dialogs/lazy-dialog';
import type { AwardingBookingDialogProps } from './awarding-booking-dialog-view';

/** The booking of the awarding event, a workshop per attendee; its code comes with its first opening (lazyDialog). */
export const AwardingBookingDialog = lazyDialog<AwardingBookingDialogProps>(
  () => import('./awarding-booking-dialog-view'),
  (props) => props.event !== null,
);
