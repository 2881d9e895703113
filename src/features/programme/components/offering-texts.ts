import { enrolmentStateLabels, type OfferingEnrolmentState } from '../../../shared/contracts/programme';
import { formatDateTime } from '../../../lib/locale';

/** "noch 3 Plätze frei", "noch 1 Platz frei", "ausgebucht – Warteliste (2 warten)" */
export function seatsText(seatsLeft: number, waitlistLength: number): string {
  if (seatsLeft > 0) return seatsLeft === 1 ? 'noch 1 Platz frei' : `noch ${seatsLeft} Plätze frei`;
  const waiting = waitlistLength === 0 ? 'noch niemand wartet' : waitlistLength === 1 ? '1 Person wartet' : `${waitlistLength} Personen warten`;
  return `ausgebucht – Warteliste (${waiting})`;
}

/** a booking's state in German; a waiting place names its position ("Warteliste Platz 2") */
export function stateText(state: OfferingEnrolmentState, waitlistPosition: number | null): string {
  if (state === 'waitlisted' && waitlistPosition !== null) return `Warteliste Platz ${waitlistPosition}`;
  return enrolmentStateLabels[state];
}

/** the registration window when the server gave no message of its own */
export function registrationWindowText(opensAt: string | null, closesAt: string | null): string | null {
  if (opensAt && closesAt) return `Anmeldung vom ${formatDateTime(opensAt)} bis ${formatDateTime(closesAt)}`;
  if (closesAt) return `Anmeldung bis ${formatDateTime(closesAt)}`;
  // a start in the past says nothing any more: booking is open
  if (opensAt && new Date(opensAt).getTime() > Date.now()) return `Anmeldung ab ${formatDateTime(opensAt)}`;
  return null;
}
