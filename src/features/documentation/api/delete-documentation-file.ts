import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UploadedFile } from '../../../shared/contracts/documentation';
import { documentationQueryOptions } from './get-documentation';

/** DELETE /api/facilities/{id}/documentation/files/{fileId} */
export async function deleteDocumentationFile(facilityId: number, fileId: number): Promise<void> {
  await api.delete(`facilities/${facilityId}/documentation/files/${fileId}`, { retry: 0 });
}

export function useDeleteDocumentationFile(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: UploadedFile) => deleteDocumentationFile(facilityId, file.id),
    onSuccess: (_done, file) => {
      queryClient.setQueryData(documentationQueryOptions(facilityId).queryKey, (form) =>
        form
          ? {
              ...form,
              files: form.files.filter((f) => f.id !== file.id),
              limits: { ...form.limits, usedBytes: Math.max(0, form.limits.usedBytes - file.size) },
            }
          : form,
      );
    },
  });
}
