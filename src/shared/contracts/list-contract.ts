/**
 * A server-side list as plain data: its sort keys, defaults and filters. No zod here: the client's route
 * definitions (which load with every page, ADR 0006) build their URL search parser from it. The server's zod
 * query schema comes from the same data in `list-query.ts`, the client's parser, query and export URLs in
 * `src/lib/list-search.ts`.
 */
export type ListFilter =
  { kind: 'enum'; values: readonly string[] } | { kind: 'id' } | { kind: 'yesNo'; default?: 'yes' | 'no' } | { kind: 'text'; max: number };

export const enumFilter = <const T extends readonly string[]>(values: T) => ({ kind: 'enum', values }) as const;
export const idFilter = () => ({ kind: 'id' }) as const;
export const yesNoFilter = <const D extends 'yes' | 'no' | undefined = undefined>(defaultValue?: D) =>
  ({ kind: 'yesNo', default: defaultValue }) as { kind: 'yesNo'; default: D };
export const textFilter = (max = 200) => ({ kind: 'text', max }) as const;

export type SortDir = 'asc' | 'desc';
export const sortDirs = ['asc', 'desc'] as const;
export const MAX_PAGE_SIZE = 1000;
/** the highest page number a list's address or query may name */
export const MAX_PAGE = 1_000_000;
export const SEARCH_MAX = 200;

export type ListContract<S extends string = string, F extends Record<string, ListFilter> = Record<string, ListFilter>> = {
  /** the page's path below /api/ (`:name` for path parameters); exports are `<path>/export.csv|xlsx` */
  path: string;
  sortKeys: readonly S[];
  defaults: { sort: NoInfer<S>; dir: SortDir; pageSize: number };
  filters: F;
  /** filters that depend on each other (e.g. "enrolled" means nothing without a season): applied to the query */
  normalize?: (filters: { [K in keyof F]?: FilterValue<F[K]> }) => { [K in keyof F]?: FilterValue<F[K]> };
};

export const defineListContract = <const S extends string, const F extends Record<string, ListFilter>>(contract: ListContract<S, F>) => contract;

export type FilterValue<F extends ListFilter> = F extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : F extends { kind: 'id' }
    ? number
    : F extends { kind: 'yesNo' }
      ? 'yes' | 'no'
      : string;

type SortOf<C> = C extends ListContract<infer S, infer _F> ? S : never;
type FiltersOf<C> = C extends ListContract<infer _S, infer F> ? { [K in keyof F]?: FilterValue<F[K]> } : never;

/** the list's state in the URL: every field optional (a default is left out of the address) */
export type ListSearch<C extends ListContract> = { page?: number; pageSize?: number; sort?: SortOf<C>; dir?: SortDir; q?: string } & FiltersOf<C>;

/** what the page call sends (and the query key holds): defaults filled in, filters normalised */
export type ListQueryOf<C extends ListContract> = { page: number; pageSize: number; sort: SortOf<C>; dir: SortDir; q?: string } & FiltersOf<C>;

/** the filters and sort alone: what an export takes (never a page) */
export function listFiltersOf<C extends ListContract>(contract: C, search: ListSearch<C>): Omit<ListQueryOf<C>, 'page' | 'pageSize'> {
  const filters: Record<string, unknown> = {};
  for (const key of Object.keys(contract.filters)) filters[key] = (search as Record<string, unknown>)[key];
  const normalized = contract.normalize ? contract.normalize(filters as never) : filters;
  return {
    q: search.q || undefined,
    ...normalized,
    sort: search.sort ?? contract.defaults.sort,
    dir: search.dir ?? contract.defaults.dir,
  } as Omit<ListQueryOf<C>, 'page' | 'pageSize'>;
}

/** the query of the page call: the filters plus the page */
export function listQueryOf<C extends ListContract>(contract: C, search: ListSearch<C>): ListQueryOf<C> {
  return { ...listFiltersOf(contract, search), page: search.page ?? 1, pageSize: search.pageSize ?? contract.defaults.pageSize } as ListQueryOf<C>;
}

/** `/api/…` with `:name` parameters filled in */
export function listPath(contract: ListContract, params: Record<string, string | number> = {}): string {
  return contract.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
