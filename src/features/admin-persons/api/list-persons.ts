import { listQueryOptions, useListQuery } from '../../../lib/list-query';
import { adminPersonList } from '../../../shared/contracts/admin-person-list';
import { adminPersonPageSchema } from '../../../shared/contracts/admin-persons';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';

export type PersonListQuery = ListQueryOf<typeof adminPersonList>;

/** Every admin person query starts with this; writes invalidate all of them. */
export const adminPersonsKey = ['admin', 'persons'] as const;

export const personListQueryOptions = (query: PersonListQuery) => listQueryOptions(adminPersonList, adminPersonPageSchema, query);

export const usePersonList = (query: PersonListQuery) => useListQuery(adminPersonList, adminPersonPageSchema, query);
