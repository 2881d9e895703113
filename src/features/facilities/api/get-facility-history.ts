import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilityHistorySchema, type FacilityHistoryEntry } from '../../../shared/contracts/facilities';

/** GET /api/facilities/{id}/history: the last (up to ten) master-data changes, newest first */
export async function getFacilityHistory(facilityId: number): Promise<FacilityHistoryEntry[]> {
  return api
    .get(`facilities/${facilityId}/history`)
    .json()
    .then(parseWith(facilityHistorySchema))
    .then((list) => list.items);
}

export const facilityHistoryQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'history'], queryFn: () => getFacilityHistory(facilityId) });

/** loaded only when someone opens the history */
export const useFacilityHistory = (facilityId: number, enabled: boolean) => useQuery({ ...facilityHistoryQueryOptions(facilityId), enabled });
