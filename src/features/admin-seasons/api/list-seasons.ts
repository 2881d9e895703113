import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminSeasonListSchema, type AdminSeason } from '../../../shared/contracts/admin-seasons';

export async function listSeasons(): Promise<AdminSeason[]> {
  return adminSeasonListSchema.parse(await api.get('admin/seasons').json()).items;
}

export const seasonsQueryKey = ['admin', 'seasons'] as const;

export const seasonsQueryOptions = () => queryOptions({ queryKey: seasonsQueryKey, queryFn: listSeasons });

export const useSeasons = () => useSuspenseQuery(seasonsQueryOptions());
