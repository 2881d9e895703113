import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import type { ListQuery } from '../../../shared/contracts/paging';
import { personPageSchema, type Person } from '../../../shared/contracts/persons';
import type { Page } from '../../../shared/contracts/paging';

export type PersonListQuery = Pick<ListQuery, 'page' | 'pageSize' | 'dir'> & { sort?: string; q?: string };

export const firstPersonsPage: PersonListQuery = { page: 1, pageSize: 25, sort: 'last_name', dir: 'asc' };

/** GET /api/facilities/{id}/persons: the staff list, paged, sorted and searched by the server. */
export async function getPersons(facilityId: number, query: PersonListQuery): Promise<Page<Person>> {
  const searchParams: Record<string, string | number> = { page: query.page, pageSize: query.pageSize, dir: query.dir };
  if (query.sort) searchParams.sort = query.sort;
  if (query.q) searchParams.q = query.q;
  return api.get(`facilities/${facilityId}/persons`, { searchParams }).json().then(parseWith(personPageSchema));
}

export const personsQueryOptions = (facilityId: number, query: PersonListQuery = firstPersonsPage) =>
  queryOptions({ queryKey: [...personsListKey(facilityId), query], queryFn: () => getPersons(facilityId, query) });

/** all persons of a KiTa (e.g. to choose a contact person) */
export const allPersonsQueryOptions = (facilityId: number) => personsQueryOptions(facilityId, { page: 1, pageSize: 0, sort: 'last_name', dir: 'asc' });

/** the key every staff change invalidates */
export const personsListKey = (facilityId: number) => ['facilities', facilityId, 'persons'] as const;

/**
 * Paging and sorting change the key; the previous page stays visible (with the table's overlay) until the next
 * one arrives instead of suspending the whole page. The loader fills the first page, so nothing flashes.
 */
export const usePersons = (facilityId: number, query: PersonListQuery) =>
  useQuery({ ...personsQueryOptions(facilityId, query), placeholderData: keepPreviousData });
