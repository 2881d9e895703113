import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DecisionInput } from '../../../shared/contracts/admin-documentation';
import { adminDocumentationKey } from './list-documentation';

/** POST …/{facilityId}/decision: approve, return or reject (comment for the KiTa; it is mailed) */
export async function decideDocumentation(seasonIdentifier: string, facilityId: number, input: DecisionInput): Promise<void> {
  await api.post(`admin/documentation/${seasonIdentifier}/${facilityId}/decision`, { json: input, retry: 0 });
}

/** the detail (state, history) and every list page of the season change */
export function useDecideDocumentation(seasonIdentifier: string, facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DecisionInput) => decideDocumentation(seasonIdentifier, facilityId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDocumentationKey(seasonIdentifier) }),
  });
}
