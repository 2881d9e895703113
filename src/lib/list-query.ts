import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { listPath, type ListContract, type ListQueryOf } from '../shared/contracts/list-contract';
import type { Page } from '../shared/contracts/paging';
import { api, parseWith } from './api-client';
import { toSearchParams } from './search-params';

/**
 * The key prefix of a list's queries: its path's segments with parameters filled in (`['admin', 'facilities']`,
 * `['facilities', 12, 'persons']`), so a write that invalidates the prefix refreshes every page of the list.
 */
export const listKeyOf = (contract: ListContract, params: Record<string, string | number> = {}) =>
  contract.path.split('/').map((segment) => (segment.startsWith(':') ? params[segment.slice(1)]! : segment));

/**
 * The page query of a list: the loader `ensureQueryData`s it; the component reads it with `useListQuery`, where
 * the previous rows stay (under the table's overlay) while the next page or filter loads.
 */
export const listQueryOptions = <C extends ListContract, Item>(
  contract: C,
  pageSchema: z.ZodType<Page<Item>>,
  query: ListQueryOf<C>,
  params?: Record<string, string | number>,
) =>
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- the page schema is the contract's, fixed per list: the path in the key stands for it
  queryOptions({
    queryKey: [...listKeyOf(contract, params), 'list', query],
    queryFn: async () =>
      api
        .get(listPath(contract, params), { searchParams: toSearchParams(query as Record<string, string | number | undefined>) })
        .json()
        .then(parseWith(pageSchema)),
    placeholderData: keepPreviousData,
  });

export const useListQuery = <C extends ListContract, Item>(...args: Parameters<typeof listQueryOptions<C, Item>>) =>
  useQuery(listQueryOptions(...args));
