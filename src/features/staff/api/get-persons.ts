import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { listKeyOf } from '../../../lib/list-query';
import { toSearchParams } from '../../../lib/search-params';
import { listPath, listQueryOf, type ListQueryOf } from '../../../shared/contracts/list-contract';
import type { Page } from '../../../shared/contracts/paging';
import { personPageSchema, type Person } from '../../../shared/contracts/persons';
import { staffList } from '../../../shared/contracts/staff-list';

export type PersonListQuery = ListQueryOf<typeof staffList>;

export const firstPersonsPage: PersonListQuery = listQueryOf(staffList, {});

/** GET /api/facilities/{id}/persons: the staff list, paged, sorted and searched by the server. */
export async function getPersons(facilityId: number, query: PersonListQuery): Promise<Page<Person>> {
  const searchParams = toSearchParams(query as Record<string, string | number | undefined>);
  return api.get(listPath(staffList, { facilityId }), { searchParams }).json().then(parseWith(personPageSchema));
}

export const personsQueryOptions = (facilityId: number, query: PersonListQuery = firstPersonsPage) =>
  queryOptions({ queryKey: [...personsListKey(facilityId), query], queryFn: () => getPersons(facilityId, query) });

/** all persons of a KiTa (e.g. to choose a contact person) */
export const allPersonsQueryOptions = (facilityId: number) => personsQueryOptions(facilityId, listQueryOf(staffList, { pageSize: 0 }));

/** the key every staff change invalidates */
export const personsListKey = (facilityId: number) => listKeyOf(staffList, { facilityId });

/**
 * Paging and sorting change the key; the previous page stays visible (with the table's overlay) until the next
 * one arrives instead of suspending the whole page. The loader fills the first page, so nothing flashes.
 */
export const usePersons = (facilityId: number, query: PersonListQuery) =>
  useQuery({ ...personsQueryOptions(facilityId, query), placeholderData: keepPreviousData });
