import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acRunListSchema, type AcRun } from '../../../shared/contracts/active-campaign';
import { acQueryKey } from './get-settings';

export const acRunsQueryKey = [...acQueryKey, 'runs'] as const;

export async function listAcRuns(): Promise<{ items: AcRun[] }> {
  return acRunListSchema.parse(await api.get('admin/active-campaign/runs').json());
}

/** while a run is going, the list is fetched every second (progress and counts) */
export const acRunsQueryOptions = () =>
  queryOptions({
    queryKey: acRunsQueryKey,
    queryFn: listAcRuns,
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.state === 'running') ? 1000 : false),
  });
