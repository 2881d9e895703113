import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { legacyImportRowSchema, legacyImportSchema, type LegacyField, type LegacyRowFix } from '../../../shared/contracts/legacy-imports';
import { legacyImportsQueryKey } from './legacy-imports';

/**
 * PUT …/{id}/mapping, POST …/{id}/commit, POST …/{id}/undo, PUT …/{id}/rows/{rowId}/match, DELETE …/{id}: each
 * refreshes the import's queries
 */
function useImportMutation<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legacyImportsQueryKey }),
  });
}

export const useSaveMapping = () =>
  useImportMutation(({ id, columns }: { id: number; columns: (LegacyField | null)[] }) =>
    api.put(`admin/legacy-imports/${id}/mapping`, { json: { columns } }).json().then(parseWith(legacyImportSchema)),
  );

export const useCommitImport = () =>
  useImportMutation((id: number) => api.post(`admin/legacy-imports/${id}/commit`).json().then(parseWith(legacyImportSchema)));

export const useUndoImport = () =>
  useImportMutation((id: number) => api.post(`admin/legacy-imports/${id}/undo`).json().then(parseWith(legacyImportSchema)));

/** DELETE …/{id}: "Vorschau verwerfen" (an import in preview only) */
export const useDiscardImport = () => useImportMutation((id: number) => api.delete(`admin/legacy-imports/${id}`).then(() => id));

export const useFixRowMatch = () =>
  useImportMutation(({ id, rowId, facilityId }: { id: number; rowId: number; facilityId: number | null }) =>
    api.put(`admin/legacy-imports/${id}/rows/${rowId}/match`, { json: { facilityId } }).json().then(parseWith(legacyImportRowSchema)),
  );

/** PUT …/{id}/rows/{rowId}: "Zeile korrigieren" (the row's cells per mapped field; the server reads the row again) */
export const useCorrectRow = () =>
  useImportMutation(({ id, rowId, fields }: { id: number; rowId: number; fields: LegacyRowFix['fields'] }) =>
    api.put(`admin/legacy-imports/${id}/rows/${rowId}`, { json: { fields } }).json().then(parseWith(legacyImportRowSchema)),
  );

/** PUT …/{id}/rows/{rowId}/skip: "Überspringen" (true) or "Wieder aufnehmen" (false) */
export const useSkipRow = () =>
  useImportMutation(({ id, rowId, skipped }: { id: number; rowId: number; skipped: boolean }) =>
    api.put(`admin/legacy-imports/${id}/rows/${rowId}/skip`, { json: { skipped } }).json().then(parseWith(legacyImportRowSchema)),
  );
