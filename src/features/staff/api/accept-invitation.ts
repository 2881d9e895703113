import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { acceptInvitationResponseSchema } from '../../../shared/contracts/persons';

/** POST /api/me/person-invitations: links the logged-in account to the invited staff entry and its KiTa. */
export async function acceptInvitation(token: string) {
  return api.post('me/person-invitations', { json: { token } }).json().then(parseWith(acceptInvitationResponseSchema));
}

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
