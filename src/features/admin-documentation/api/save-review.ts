import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReviewInput } from '../../../shared/contracts/admin-documentation';
import { adminDocumentationKey } from './list-documentation';

/** PUT …/{facilityId}/review: the caller's own review (every criterion scored, a comment) */
export async function saveReview(seasonIdentifier: string, facilityId: number, input: ReviewInput): Promise<void> {
  await api.put(`admin/documentation/${seasonIdentifier}/${facilityId}/review`, { json: input, retry: 0 });
}

/** the detail (others' reviews may show now, the average) and the list (count, average, "von mir bewertet") change */
export function useSaveReview(seasonIdentifier: string, facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => saveReview(seasonIdentifier, facilityId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminDocumentationKey(seasonIdentifier) }),
  });
}
