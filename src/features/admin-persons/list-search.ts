import { z } from 'zod';
import { adminPersonSortKeys } from '../../shared/contracts/admin-persons';
import { personPositions } from '../../shared/contracts/facility-lists';

/** The persons list's state in the URL; each field optional and dropped on its own when broken. */
export const personListSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  pageSize: z.coerce.number().int().min(0).max(1000).optional().catch(undefined),
  sort: z.enum(adminPersonSortKeys).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  kind: z.enum(['person', 'account']).optional().catch(undefined),
  has_account: z.enum(['yes', 'no']).optional().catch(undefined),
  position: z.enum(personPositions).optional().catch(undefined),
  facility_id: z.coerce.number().int().positive().optional().catch(undefined),
  include_removed: z.enum(['yes', 'no']).optional().catch(undefined),
});
export type PersonListSearch = z.infer<typeof personListSearchSchema>;

export const PERSON_LIST_DEFAULTS = { page: 1, pageSize: 25, sort: 'last_name', dir: 'asc' } as const;

export function personListQuery(s: PersonListSearch) {
  return {
    q: s.q || undefined,
    kind: s.kind,
    has_account: s.has_account,
    position: s.position,
    facility_id: s.facility_id,
    include_removed: s.include_removed,
    sort: s.sort ?? PERSON_LIST_DEFAULTS.sort,
    dir: s.dir ?? PERSON_LIST_DEFAULTS.dir,
    page: s.page ?? PERSON_LIST_DEFAULTS.page,
    pageSize: s.pageSize ?? PERSON_LIST_DEFAULTS.pageSize,
  };
}
export type PersonListQuery = ReturnType<typeof personListQuery>;
