import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { offeringsAnswerSchema, type OfferingKind } from '../../../shared/contracts/programme';
import { offeringsKey } from './keys';

/** GET /api/facilities/{id}/offerings?kind=…: what this KiTa may book in the current season, with its own bookings */
export const offeringsQueryOptions = (facilityId: number, kind: OfferingKind) =>
  queryOptions({
    queryKey: offeringsKey(facilityId, kind),
    queryFn: () => api.get(`facilities/${facilityId}/offerings`, { searchParams: { kind } }).json().then(parseWith(offeringsAnswerSchema)),
  });

export const useOfferings = (facilityId: number, kind: OfferingKind) => useSuspenseQuery(offeringsQueryOptions(facilityId, kind));
