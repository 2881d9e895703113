import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { endSessionsResponseSchema } from '../../../shared/contracts/accounts';
import { sessionsQueryOptions } from './get-sessions';

export const endOtherSessions = () => api.post('me/sessions/end-others').json().then(parseWith(endSessionsResponseSchema));

export function useEndOtherSessionsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['me', 'sessions', 'end-others'],
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
