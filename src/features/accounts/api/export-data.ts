import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const fallbackName = () => `kita-portal-meine-daten-${new Date().toISOString().slice(0, 10)}.json`;

/** GET /api/me/export as a file: the server names it in Content-Disposition. */
export async function exportData(): Promise<{ blob: Blob; filename: string }> {
  const response = await api.get('me/export');
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName();
  return { blob: await response.blob(), filename };
}

export const useExportDataMutation = () => useMutation({ mutationKey: ['me', 'export'], mutationFn: exportData });
