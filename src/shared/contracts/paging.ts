/**
 * Paging, sorting and search of every server-side list (`pageSize` 0 means "Alle"). A list's own query schema,
 * sort keys and filters come from its list contract (`list-contract.ts`, `list-query.ts`).
 */
export type ListQuery = { page: number; pageSize: number; sort?: string; dir: 'asc' | 'desc'; q?: string };
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
