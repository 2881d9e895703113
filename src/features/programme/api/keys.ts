import type { OfferingKind } from '../../../shared/contracts/programme';

/**
 * The programme's query keys of one KiTa. A booking or a cancellation changes seats, waiting lists and the KiTa's own
 * bookings at once, so writes invalidate `programmeKey(facilityId)` as a whole.
 */
export const programmeKey = (facilityId: number) => ['facilities', facilityId, 'programme'] as const;
export const offeringsKey = (facilityId: number, kind: OfferingKind) => [...programmeKey(facilityId), 'offerings', kind] as const;
export const facilityEnrolmentsKey = (facilityId: number, kind: OfferingKind) => [...programmeKey(facilityId), 'enrolments', kind] as const;
