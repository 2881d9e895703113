import { listQueryOptions, useListQuery } from '../../../lib/list-query';
import { adminFacilityPageSchema } from '../../../shared/contracts/admin-facilities';
import { adminFacilityList } from '../../../shared/contracts/admin-facility-list';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';

export type FacilityListQuery = ListQueryOf<typeof adminFacilityList>;

/** Every admin facility query (lists and details) starts with this; writes invalidate all of them. */
export const adminFacilitiesKey = ['admin', 'facilities'] as const;

export const facilityListQueryOptions = (query: FacilityListQuery) => listQueryOptions(adminFacilityList, adminFacilityPageSchema, query);

export const useFacilityList = (query: FacilityListQuery) => useListQuery(adminFacilityList, adminFacilityPageSchema, query);
