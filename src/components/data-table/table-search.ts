import { type DataTableQuery, type SortDir } from './data-table';

export type TableDefaults = { page: number; pageSize: number; sort: string; dir: SortDir };

/**
 * A table's paging/sorting change as URL search fields: a value equal to the list's default is left out, so the
 * address of an unchanged list stays short. `Sort` is the list's sort-key union (the table only knows strings).
 */
export function tableSearchOf<Sort extends string>(next: DataTableQuery, defaults: TableDefaults) {
  return {
    page: next.page === defaults.page ? undefined : next.page,
    pageSize: next.pageSize === defaults.pageSize ? undefined : next.pageSize,
    sort: next.sort === defaults.sort ? undefined : (next.sort as Sort),
    dir: next.dir === defaults.dir ? undefined : next.dir,
  };
}
