import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acRunDetailSchema, type AcRunDetail } from '../../../shared/contracts/active-campaign';
import { acRunsQueryKey } from './list-runs';

export async function getAcRun(id: number): Promise<AcRunDetail> {
  return acRunDetailSchema.parse(await api.get(`admin/active-campaign/runs/${id}`).json());
}

/** one run with its log; fetched every second while it runs */
export const useAcRun = (id: number | null) =>
  useQuery({
    ...queryOptions({ queryKey: [...acRunsQueryKey, id], queryFn: () => getAcRun(id!) }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1000 : false),
  });
