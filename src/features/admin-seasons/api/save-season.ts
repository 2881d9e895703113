import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminSeasonSchema, type AdminSeason, type SeasonInput } from '../../../shared/contracts/admin-seasons';
import { seasonsQueryKey } from './list-seasons';

export type SaveSeasonArgs = { id: number | null; version?: number; input: SeasonInput };

/** POST a new season, or PUT an existing one with the version it was read at (409 when stale). */
export async function saveSeason({ id, version, input }: SaveSeasonArgs): Promise<AdminSeason> {
  const request = id === null ? api.post('admin/seasons', { json: input }) : api.put(`admin/seasons/${id}`, { json: { ...input, version } });
  return adminSeasonSchema.parse(await request.json());
}

export function useSaveSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seasonsQueryKey }),
  });
}
