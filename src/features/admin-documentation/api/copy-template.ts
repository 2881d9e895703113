import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminDocumentationKey } from './list-documentation';

/** POST /api/admin/documentation/{seasonIdentifier}/template/copy: replaces this season's template by another season's */
export async function copyTemplate(seasonIdentifier: string, input: { fromSeasonIdentifier: string; version: number | null }): Promise<void> {
  await api.post(`admin/documentation/${seasonIdentifier}/template/copy`, { json: input, retry: 0 });
}

export function useCopyTemplate(seasonIdentifier: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fromSeasonIdentifier: string; version: number | null }) => copyTemplate(seasonIdentifier, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDocumentationKey(seasonIdentifier) }),
  });
}
