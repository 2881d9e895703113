import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { legacyRowsPageSchema, type LegacyRowState } from '../../../shared/contracts/legacy-imports';
import { legacyImportsQueryKey } from './legacy-imports';

export type RowsQuery = { state?: LegacyRowState; page: number; pageSize: number };

/** GET /api/admin/legacy-imports/{id}/rows: one page of the file's rows, filtered by state */
export const importRowsQueryOptions = (id: number, q: RowsQuery) =>
  queryOptions({
    queryKey: [...legacyImportsQueryKey, id, 'rows', q] as const,
    queryFn: () =>
      api
        .get(`admin/legacy-imports/${id}/rows`, {
          searchParams: { page: q.page, pageSize: q.pageSize, ...(q.state ? { state: q.state } : {}) },
        })
        .json()
        .then(parseWith(legacyRowsPageSchema)),
  });

/** the previous page stays while the next loads: paging through 5,000 rows never blanks the table */
export const useImportRows = (id: number, q: RowsQuery) => useQuery({ ...importRowsQueryOptions(id, q), placeholderData: keepPreviousData });
