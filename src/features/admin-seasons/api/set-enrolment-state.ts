import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminSeasonSchema, type AdminSeason } from '../../../shared/contracts/admin-seasons';
import { type Season } from '../../../shared/contracts/season';
import { seasonsQueryKey } from './list-seasons';

export type SetEnrolmentStateArgs = { id: number; version: number; state: Season['enrolment_state'] };

export async function setEnrolmentState({ id, version, state }: SetEnrolmentStateArgs): Promise<AdminSeason> {
  const body = await api.put(`admin/seasons/${id}/enrolment-state`, { json: { enrolment_state: state, version } }).json();
  return adminSeasonSchema.parse(body);
}

export function useSetEnrolmentState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnrolmentState,
    onSettled: () => queryClient.invalidateQueries({ queryKey: seasonsQueryKey }),
  });
}
