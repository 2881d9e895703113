import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { legacyImportListSchema, legacyImportSchema } from '../../../shared/contracts/legacy-imports';

export const legacyImportsQueryKey = ['admin', 'legacy-imports'] as const;

/** GET /api/admin/legacy-imports: every import, newest first (the table "Importe") */
export const legacyImportsQueryOptions = () =>
  queryOptions({
    queryKey: legacyImportsQueryKey,
    queryFn: () => api.get('admin/legacy-imports').json().then(parseWith(legacyImportListSchema)),
  });

export const useLegacyImports = () => useQuery(legacyImportsQueryOptions());

/** GET /api/admin/legacy-imports/{id}: one import with its mapping and counts */
export const legacyImportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...legacyImportsQueryKey, id] as const,
    queryFn: () => api.get(`admin/legacy-imports/${id}`).json().then(parseWith(legacyImportSchema)),
  });

export const useLegacyImport = (id: number | null) => useQuery({ ...legacyImportQueryOptions(id ?? 0), enabled: id !== null });
