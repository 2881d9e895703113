import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { documentationDetailKey } from './get-documentation';

/** POST …/{facilityId}/notes: an internal note, seen by admins and the jury only */
export async function addNote(seasonIdentifier: string, facilityId: number, text: string): Promise<void> {
  await api.post(`admin/documentation/${seasonIdentifier}/${facilityId}/notes`, { json: { text }, retry: 0 });
}

export function useAddNote(seasonIdentifier: string, facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(seasonIdentifier, facilityId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentationDetailKey(seasonIdentifier, facilityId) }),
  });
}
