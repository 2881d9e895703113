import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { emailListPreviewSchema, type EmailListPreview, type EmailListQuery } from '../../../shared/contracts/email-lists';

/** every e-mail list query starts with this; saving, copying and deleting invalidate the saved lists under it */
export const emailListsKey = ['admin', 'email-lists'] as const;

/**
 * POST /api/admin/email-lists/preview: the count, the left-out per rule and one page of addresses. The signal is
 * TanStack Query's: a query superseded by newer criteria is aborted, so a slow answer never overwrites a newer one.
 */
export async function previewEmailList(
  query: EmailListQuery,
  page: { offset?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<EmailListPreview> {
  return api
    .post('admin/email-lists/preview', { json: { ...query, ...page }, signal, retry: 0 })
    .json()
    .then(parseWith(emailListPreviewSchema));
}

export const emailListPreviewQueryOptions = (query: EmailListQuery) =>
  queryOptions({
    queryKey: [...emailListsKey, 'preview', query],
    queryFn: ({ signal }) => previewEmailList(query, {}, signal),
    staleTime: 10_000,
  });

/** the live count: the previous answer stays on screen while the next one loads */
export const useEmailListPreview = (query: EmailListQuery) => useQuery({ ...emailListPreviewQueryOptions(query), placeholderData: keepPreviousData });
