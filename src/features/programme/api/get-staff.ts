import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { listKeyOf } from '../../../lib/list-query';
import { toSearchParams } from '../../../lib/search-params';
import { listPath, listQueryOf } from '../../../shared/contracts/list-contract';
import { personPageSchema } from '../../../shared/contracts/persons';
import { staffList } from '../../../shared/contracts/staff-list';

const everyone = listQueryOf(staffList, { pageSize: 0 });

/**
 * The KiTa's whole staff list for the booking dialog (GET /api/facilities/{id}/persons?pageSize=0). Same key and shape
 * as the staff page's query of all persons, so both share the cache and a staff change refreshes it.
 */
export const staffQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...listKeyOf(staffList, { facilityId }), everyone],
    queryFn: () =>
      api
        .get(listPath(staffList, { facilityId }), { searchParams: toSearchParams(everyone as Record<string, string | number | undefined>) })
        .json()
        .then(parseWith(personPageSchema)),
  });

export const useStaff = (facilityId: number, enabled = true) => useQuery({ ...staffQueryOptions(facilityId), enabled });
