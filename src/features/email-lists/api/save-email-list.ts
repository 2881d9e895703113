import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { savedEmailListSchema, type EmailListQuery, type SavedEmailList } from '../../../shared/contracts/email-lists';
import { emailListsKey } from './preview-email-list';

type Input = EmailListQuery & { name: string };

/** POST /api/admin/email-lists (new) or PUT /api/admin/email-lists/{id} (with the version read) */
export async function saveEmailList(input: Input, existing?: { id: number; version: number }): Promise<SavedEmailList> {
  const request = existing
    ? api.put(`admin/email-lists/${existing.id}`, { json: { ...input, version: existing.version }, retry: 0 })
    : api.post('admin/email-lists', { json: input, retry: 0 });
  return request.json().then(parseWith(savedEmailListSchema));
}

export function useSaveEmailList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, existing }: { input: Input; existing?: { id: number; version: number } }) => saveEmailList(input, existing),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...emailListsKey, 'saved'] }),
  });
}
