import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { seasonStatsSchema, type SeasonStats } from '../../../shared/contracts/admin-seasons';

export async function getSeasonStats(seasonId: number): Promise<SeasonStats> {
  return seasonStatsSchema.parse(await api.get(`admin/seasons/${seasonId}/stats`).json());
}

export const seasonStatsQueryOptions = (seasonId: number) =>
  queryOptions({ queryKey: ['admin', 'seasons', seasonId, 'stats'], queryFn: () => getSeasonStats(seasonId) });

/** Not suspending: the numbers load beside the list and never hold up the page. */
export const useSeasonStats = (seasonId: number) => useQuery(seasonStatsQueryOptions(seasonId));
