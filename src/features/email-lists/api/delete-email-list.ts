import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emailListsKey } from './preview-email-list';

/** DELETE /api/admin/email-lists/{id} */
export async function deleteEmailList(id: number): Promise<void> {
  await api.delete(`admin/email-lists/${id}`, { retry: 0 });
}

export function useDeleteEmailList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailListsKey, 'saved'] }),
  });
}
