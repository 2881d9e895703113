import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { listQueryOptions, useListQuery } from '../../../lib/list-query';
import { adminSeasonList } from '../../../shared/contracts/admin-season-list';
import { adminSeasonPageSchema, seasonChoiceListSchema } from '../../../shared/contracts/admin-seasons';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';

export type SeasonListQuery = ListQueryOf<typeof adminSeasonList>;

/** Every admin season query (list pages, choices, stats) starts with this; writes invalidate all of them. */
export const seasonsQueryKey = ['admin', 'seasons'] as const;

export const seasonListQueryOptions = (query: SeasonListQuery) => listQueryOptions(adminSeasonList, adminSeasonPageSchema, query);

export const useSeasonList = (query: SeasonListQuery) => useListQuery(adminSeasonList, adminSeasonPageSchema, query);

/** every season as a choice, not paged (the KiTa list's filter, the current season of a KiTa's detail, the stats) */
export const seasonChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...seasonsQueryKey, 'choices'],
    queryFn: async () =>
      api
        .get('admin/seasons/choices')
        .json()
        .then(parseWith(seasonChoiceListSchema))
        .then((r) => r.items),
  });

export const useSeasonChoices = () => useSuspenseQuery(seasonChoicesQueryOptions());
