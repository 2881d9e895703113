import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilityEnrolmentsAnswerSchema, type OfferingKind } from '../../../shared/contracts/programme';
import { facilityEnrolmentsKey } from './keys';

/** GET /api/facilities/{id}/enrolments?kind=…: "Unsere Anmeldungen" */
export const facilityEnrolmentsQueryOptions = (facilityId: number, kind: OfferingKind) =>
  queryOptions({
    queryKey: facilityEnrolmentsKey(facilityId, kind),
    queryFn: () => api.get(`facilities/${facilityId}/enrolments`, { searchParams: { kind } }).json().then(parseWith(facilityEnrolmentsAnswerSchema)),
  });

export const useFacilityEnrolments = (facilityId: number, kind: OfferingKind) => useSuspenseQuery(facilityEnrolmentsQueryOptions(facilityId, kind));
