import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { savedEmailListsSchema, type SavedEmailList } from '../../../shared/contracts/email-lists';
import { emailListsKey } from './preview-email-list';

/** GET /api/admin/email-lists: the saved lists, by name */
export async function listEmailLists(): Promise<SavedEmailList[]> {
  return api.get('admin/email-lists').json().then(parseWith(savedEmailListsSchema));
}

export const savedEmailListsQueryOptions = () => queryOptions({ queryKey: [...emailListsKey, 'saved'], queryFn: listEmailLists });

export const useSavedEmailLists = () => useSuspenseQuery(savedEmailListsQueryOptions());
