import { z } from 'zod';
import { isCleanText, textCharsMessage } from './text';

/** Query of every server-side list: paging, sorting, search. `pageSize` 0 means "Alle". */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(0).max(1000).default(25),
  sort: z.string().max(64).optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(200).refine((v) => isCleanText(v), textCharsMessage).optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export type ListQuery = z.infer<typeof listQuerySchema>;
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
