import { useMutation } from '@tanstack/react-query';
import { fetchFile } from '../../../lib/download';

const fallbackName = () => `kita-portal-meine-daten-${new Date().toISOString().slice(0, 10)}.json`;

/** GET /api/me/export as a file: the server names it in Content-Disposition. */
export const exportData = (): Promise<{ blob: Blob; filename: string }> => fetchFile('/api/me/export', fallbackName());

export const useExportDataMutation = () => useMutation({ mutationKey: ['me', 'export'], mutationFn: exportData });
