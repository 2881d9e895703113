import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prepareNextAnswerSchema, type PrepareNextAnswer } from '../../../shared/contracts/season-transition';
import { seasonsQueryKey } from './list-seasons';

export async function prepareNextSeason({ id, dryRun }: { id: number; dryRun: boolean }): Promise<PrepareNextAnswer> {
  return prepareNextAnswerSchema.parse(await api.post(`admin/seasons/${id}/prepare-next`, { json: { dryRun } }).json());
}

/** "Nächstes KiTa-Jahr vorbereiten": the preview (dryRun) and "Anlegen"; a real run refreshes the season list */
export function usePrepareNextSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: prepareNextSeason,
    onSuccess: (answer) => {
      if (!answer.dryRun) return queryClient.invalidateQueries({ queryKey: seasonsQueryKey });
    },
  });
}
