import { useState } from 'react';
import type { DataTableQuery } from './data-table';

/** For short lists the server answers whole (members of one KiTa): the DataTable pages them in the browser. */
export function useLocalPaging<Row>(rows: Row[], initialPageSize = 10) {
  const [query, setQuery] = useState<DataTableQuery>({ page: 1, pageSize: initialPageSize, dir: 'asc' });
  const pages = query.pageSize === 0 ? 1 : Math.max(1, Math.ceil(rows.length / query.pageSize));
  const page = Math.min(query.page, pages);
  const visible = query.pageSize === 0 ? rows : rows.slice((page - 1) * query.pageSize, page * query.pageSize);
  return {
    rows: visible,
    total: rows.length,
    page,
    pageSize: query.pageSize,
    onChange: (next: DataTableQuery) => setQuery(next),
  };
}
