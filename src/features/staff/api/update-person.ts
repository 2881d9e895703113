import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { personSchema, type Person, type PersonUpdate } from '../../../shared/contracts/persons';
import { personsListKey } from './get-persons';

/** PUT /api/facilities/{id}/persons/{personId} with the version read; stale → 409 `conflict`. */
export async function updatePerson(facilityId: number, personId: number, input: PersonUpdate): Promise<Person> {
  return api.put(`facilities/${facilityId}/persons/${personId}`, { json: input, retry: 0 }).json().then(parseWith(personSchema));
}

export function useUpdatePerson(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, input }: { personId: number; input: PersonUpdate }) => updatePerson(facilityId, personId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsListKey(facilityId) }),
  });
}
