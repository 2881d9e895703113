import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { personInviteResponseSchema } from '../../../shared/contracts/persons';
import { personsListKey } from './get-persons';

/** POST …/persons/{personId}/invite: mails a registration link that links the new account to the person. */
export async function invitePerson(facilityId: number, personId: number) {
  return api.post(`facilities/${facilityId}/persons/${personId}/invite`).json().then(parseWith(personInviteResponseSchema));
}

export function useInvitePerson(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => invitePerson(facilityId, personId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personsListKey(facilityId) }),
  });
}
