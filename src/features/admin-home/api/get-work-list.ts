import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminWorkListSchema, type AdminWorkList } from '../../../shared/contracts/admin-home';

/** GET /api/admin/work-list: what needs doing, the admin home's counts (issue 22). */
export async function getWorkList(): Promise<AdminWorkList> {
  return api.get('admin/work-list').json().then(parseWith(adminWorkListSchema));
}

export const workListQueryOptions = () => queryOptions({ queryKey: ['admin', 'work-list'], queryFn: getWorkList });

/** Not suspending: the areas' links below stay usable while (or if) the counts fail to load. */
export const useWorkList = () => useQuery(workListQueryOptions());
