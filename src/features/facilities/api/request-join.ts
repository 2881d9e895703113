import { useMutation } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { joinRequestSchema, type JoinRequest } from '../../../shared/contracts/facilities';

/** POST /api/facilities/{id}/join-requests: ask the KiTa's members (and the admins) to let the caller in. */
export async function requestJoin(facilityId: number, message: string): Promise<JoinRequest> {
  return api.post(`facilities/${facilityId}/join-requests`, { json: { message } }).json().then(parseWith(joinRequestSchema));
}

export const useRequestJoin = () =>
  useMutation({ mutationFn: ({ facilityId, message }: { facilityId: number; message: string }) => requestJoin(facilityId, message) });
