import { api } from '../../../lib/api-client';
import { fileNameOf, saveFile } from '../../../lib/download';
import type { EmailListQuery } from '../../../shared/contracts/email-lists';

/**
 * POST /api/admin/email-lists/export.csv|xlsx: the addresses of the criteria on screen as a file (the server names it
 * and writes the export to the audit log). A saved list downloads through GET …/{id}/export.csv (DownloadButton).
 */
export async function exportAddresses(query: EmailListQuery, format: 'csv' | 'xlsx'): Promise<void> {
  const response = await api.post(`admin/email-lists/export.${format}`, { json: query, retry: 0 });
  saveFile(await response.blob(), fileNameOf(response, `email-adressen.${format}`));
}
