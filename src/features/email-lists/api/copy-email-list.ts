import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { savedEmailListSchema, type SavedEmailList } from '../../../shared/contracts/email-lists';
import { emailListsKey } from './preview-email-list';

/** POST /api/admin/email-lists/{id}/copy: a copy for the next KiTa-Jahr (its criteria and name move with it) */
export async function copyEmailList(id: number): Promise<SavedEmailList> {
  return api.post(`admin/email-lists/${id}/copy`, { retry: 0 }).json().then(parseWith(savedEmailListSchema));
}

export function useCopyEmailList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyEmailList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailListsKey, 'saved'] }),
  });
}
