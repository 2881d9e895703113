import { listQueryOptions, useListQuery } from '../../../lib/list-query';
import { adminOfferingPageSchema } from '../../../shared/contracts/admin-programme';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';
import { adminOfferingList } from '../../../shared/contracts/programme-lists';

export type OfferingListQuery = ListQueryOf<typeof adminOfferingList>;

/** every admin offering query (lists, details, enrolments) starts with this; writes invalidate all of them */
export const adminOfferingsKey = ['admin', 'offerings'] as const;
/** awarding events and the enrolments over their workshops */
export const adminAwardingKey = ['admin', 'awarding-events'] as const;
export const adminModulesKey = ['admin', 'training-modules'] as const;

export const offeringListQueryOptions = (query: OfferingListQuery) => listQueryOptions(adminOfferingList, adminOfferingPageSchema, query);
export const useOfferingList = (query: OfferingListQuery) => useListQuery(adminOfferingList, adminOfferingPageSchema, query);
