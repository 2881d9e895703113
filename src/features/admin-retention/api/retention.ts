import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { retentionOverviewSchema, retentionRunAnswerSchema, type RetentionRunAnswer } from '../../../shared/contracts/retention';

const retentionKey = ['admin', 'retention'] as const;

/** GET /api/admin/retention/overview: the rules, their periods, what is due in 30 days, the last run */
export const retentionOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...retentionKey, 'overview'],
    queryFn: async () => retentionOverviewSchema.parse(await api.get('admin/retention/overview').json()),
  });

/** "Jetzt ausführen": POST /api/admin/retention/run (synchronous); the overview is read again afterwards */
export function useRunRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<RetentionRunAnswer> => retentionRunAnswerSchema.parse(await api.post('admin/retention/run').json()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: retentionKey }),
  });
}
