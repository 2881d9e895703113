import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { fileNameOf, saveFile } from '../../../lib/download';
import { leftOutPageSchema, type EmailListQuery } from '../../../shared/contracts/email-lists';
import { emailListsKey } from './preview-email-list';

/** how many left-out contacts the dialog shows; the CSV holds all of them */
export const LEFT_OUT_SHOWN = 200;

/** POST /api/admin/email-lists/left-out: who the criteria leave out and why (the first LEFT_OUT_SHOWN) */
export const leftOutQueryOptions = (query: EmailListQuery) =>
  queryOptions({
    queryKey: [...emailListsKey, 'left-out', query],
    queryFn: ({ signal }) =>
      api
        .post('admin/email-lists/left-out', { json: { ...query, limit: LEFT_OUT_SHOWN }, signal, retry: 0 })
        .json()
        .then(parseWith(leftOutPageSchema)),
  });

export const useLeftOut = (query: EmailListQuery, enabled: boolean) => useQuery({ ...leftOutQueryOptions(query), enabled });

/** POST /api/admin/email-lists/left-out.csv: every left-out contact as a CSV (Excel) file (the server audits it) */
export async function exportLeftOut(query: EmailListQuery): Promise<void> {
  const response = await api.post('admin/email-lists/left-out.csv', { json: query, retry: 0 });
  saveFile(await response.blob(), fileNameOf(response, 'email-adressen-ausgelassen.csv'));
}
