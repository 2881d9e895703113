import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminSeasonSchema, type AdminSeason } from '../../../shared/contracts/admin-seasons';
import { seasonsQueryKey } from './list-seasons';

export async function makeSeasonCurrent(id: number): Promise<AdminSeason> {
  return adminSeasonSchema.parse(await api.post(`admin/seasons/${id}/make-current`).json());
}

/** Exactly one season is current (a partial unique index); the server switches it in one transaction. */
export function useMakeSeasonCurrent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeSeasonCurrent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: seasonsQueryKey }),
  });
}
