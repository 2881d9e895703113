import type { ListQuery } from '../../src/shared/contracts/paging';

/** limit/offset of a list query; pageSize 0 means "Alle" (no limit) */
export function pageWindow(q: Pick<ListQuery, 'page' | 'pageSize'>) {
  return q.pageSize === 0 ? { limit: undefined, offset: 0 } : { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
}

/** LIKE pattern for a user's search text: % and _ are literal */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
