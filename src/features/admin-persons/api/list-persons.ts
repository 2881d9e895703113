import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { toSearchParams } from '../../../lib/search-params';
import { adminPersonPageSchema } from '../../../shared/contracts/admin-persons';
import { type PersonListQuery } from '../list-search';

export async function listPersons(query: PersonListQuery) {
  return adminPersonPageSchema.parse(await api.get('admin/persons', { searchParams: toSearchParams(query) }).json());
}

/** Every admin person query starts with this; writes invalidate all of them. */
export const adminPersonsKey = ['admin', 'persons'] as const;

export const personListQueryOptions = (query: PersonListQuery) =>
  queryOptions({ queryKey: [...adminPersonsKey, 'list', query], queryFn: () => listPersons(query), placeholderData: keepPreviousData });

/** Like the KiTa list: the loader has the first page; later pages keep the old rows visible while loading. */
export const usePersonList = (query: PersonListQuery) => useQuery(personListQueryOptions(query));
