import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilityProgrammeHistorySchema } from '../../../shared/contracts/admin-programme';
import { adminFacilityQueryKey } from './get-facility';

/** GET /api/admin/facilities/{id}/programme: the KiTa's bookings in the programme over all seasons, newest first */
export const facilityProgrammeQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...adminFacilityQueryKey(facilityId), 'programme'] as const,
    queryFn: () => api.get(`admin/facilities/${facilityId}/programme`).json().then(parseWith(facilityProgrammeHistorySchema)),
  });

export const useFacilityProgramme = (facilityId: number) => useQuery(facilityProgrammeQueryOptions(facilityId));
