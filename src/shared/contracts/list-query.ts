import { z } from 'zod';
import { idParam } from './common';
import { isCleanText, textCharsMessage } from './text';
import { MAX_PAGE, MAX_PAGE_SIZE, SEARCH_MAX, sortDirs, type ListContract, type ListFilter } from './list-contract';

/** search text: no control characters or lone surrogates (German message), like every text field */
const cleanText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => isCleanText(v), textCharsMessage);

const filterSchema = (filter: ListFilter) => {
  switch (filter.kind) {
    case 'enum':
      return z.enum(filter.values as [string, ...string[]]).optional();
    case 'id':
      return idParam.optional();
    case 'yesNo':
      return filter.default ? z.enum(['yes', 'no']).default(filter.default) : z.enum(['yes', 'no']).optional();
    case 'text':
      return cleanText(filter.max).optional();
  }
};

/**
 * The server's query schema of a list (page, list and exports): an unknown sort key or filter value answers 400.
 * The type is the contract's query type, so handlers see the filters as the contract names them.
 */
export function listQuerySchemaOf<S extends string, F extends Record<string, ListFilter>>(contract: ListContract<S, F>) {
  const filters: Record<string, z.ZodType> = {};
  for (const [key, filter] of Object.entries(contract.filters)) filters[key] = filterSchema(filter);
  return z.object({
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
    pageSize: z.coerce.number().int().min(0).max(MAX_PAGE_SIZE).default(contract.defaults.pageSize),
    sort: z.enum(contract.sortKeys as unknown as [S, ...S[]]).default(contract.defaults.sort as never),
    dir: z.enum(sortDirs).default(contract.defaults.dir),
    q: cleanText(SEARCH_MAX).optional(),
    ...filters,
  }) as unknown as z.ZodType<ServerListQuery<S, F>, Record<string, unknown>>;
}

type FilterOut<F extends ListFilter> = F extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V | undefined
  : F extends { kind: 'id' }
    ? number | undefined
    : F extends { kind: 'yesNo'; default: 'yes' | 'no' }
      ? 'yes' | 'no'
      : F extends { kind: 'yesNo' }
        ? 'yes' | 'no' | undefined
        : string | undefined;

/** a list query as the server's handler sees it: defaults filled in */
export type ServerListQuery<S extends string, F extends Record<string, ListFilter>> = {
  page: number;
  pageSize: number;
  sort: S;
  dir: 'asc' | 'desc';
  q?: string | undefined;
} & { [K in keyof F]: FilterOut<F[K]> };

/** `{ items, total, page, pageSize }` of a list's item */
export const listPageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
