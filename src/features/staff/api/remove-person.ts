import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { personsListKey } from './get-persons';

/** DELETE /api/facilities/{id}/persons/{personId}?version= ; past enrolments keep the person. */
export async function removePerson(facilityId: number, personId: number, version: number): Promise<void> {
  await api.delete(`facilities/${facilityId}/persons/${personId}`, { searchParams: { version }, retry: 0 });
}

export function useRemovePerson(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, version }: { personId: number; version: number }) => removePerson(facilityId, personId, version),
    onSettled: () => queryClient.invalidateQueries({ queryKey: personsListKey(facilityId) }),
  });
}
