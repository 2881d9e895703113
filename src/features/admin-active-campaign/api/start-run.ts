import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acRunSchema, type AcRun } from '../../../shared/contracts/active-campaign';
import { acRunsQueryKey } from './list-runs';

/** "Jetzt synchronisieren": the run starts in the background (409 while one runs) */
export async function startAcRun(): Promise<AcRun> {
  return acRunSchema.parse(await api.post('admin/active-campaign/runs').json());
}

export function useStartAcRun() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startAcRun, onSettled: () => queryClient.invalidateQueries({ queryKey: acRunsQueryKey }) });
}
