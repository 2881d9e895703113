import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilitySchema, type Facility } from '../../../shared/contracts/facilities';

export async function getFacility(facilityId: number): Promise<Facility> {
  return api.get(`facilities/${facilityId}`).json().then(parseWith(facilitySchema));
}

export const facilityQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId], queryFn: () => getFacility(facilityId) });

export const useFacility = (facilityId: number) => useSuspenseQuery(facilityQueryOptions(facilityId));
