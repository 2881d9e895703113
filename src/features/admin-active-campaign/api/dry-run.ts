import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acDryRunSchema, type AcDryRun } from '../../../shared/contracts/active-campaign';

/** "Probelauf": what a run would change; nothing is sent */
export async function acDryRun(): Promise<AcDryRun> {
  return acDryRunSchema.parse(await api.post('admin/active-campaign/dry-run').json());
}

export const useAcDryRun = () => useMutation({ mutationFn: acDryRun });
