import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminOfferingSchema } from '../../../shared/contracts/admin-programme';
import { adminOfferingsKey } from './list-offerings';

/** GET /api/admin/offerings/{id}: one date with its seat counts (the header of its enrolment page) */
export const offeringQueryOptions = (offeringId: number) =>
  queryOptions({
    queryKey: [...adminOfferingsKey, offeringId, 'detail'],
    queryFn: () => api.get(`admin/offerings/${offeringId}`).json().then(parseWith(adminOfferingSchema)),
  });

export const useOffering = (offeringId: number) => useSuspenseQuery(offeringQueryOptions(offeringId));
