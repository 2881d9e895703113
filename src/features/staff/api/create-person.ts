import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { personSchema, type Person, type PersonInput } from '../../../shared/contracts/persons';
import { personsListKey } from './get-persons';

/** POST /api/facilities/{id}/persons */
export async function createPerson(facilityId: number, input: PersonInput): Promise<Person> {
  return api.post(`facilities/${facilityId}/persons`, { json: input }).json().then(parseWith(personSchema));
}

export function useCreatePerson(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonInput) => createPerson(facilityId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsListKey(facilityId) }),
  });
}
