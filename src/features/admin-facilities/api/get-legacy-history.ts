import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { legacyHistorySchema } from '../../../shared/contracts/legacy-imports';
import { adminFacilityQueryKey } from './get-facility';

/** GET /api/admin/facilities/{id}/legacy-history: what imported legacy data says about the KiTa (issue 24) */
export const facilityLegacyHistoryQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...adminFacilityQueryKey(facilityId), 'legacy-history'] as const,
    queryFn: () => api.get(`admin/facilities/${facilityId}/legacy-history`).json().then(parseWith(legacyHistorySchema)),
  });

export const useFacilityLegacyHistory = (facilityId: number) => useQuery(facilityLegacyHistoryQueryOptions(facilityId));
