import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acSettingsSchema, type AcSettings, type AcSettingsUpdate } from '../../../shared/contracts/active-campaign';
import { acQueryKey } from './get-settings';

export async function saveAcSettings(input: AcSettingsUpdate): Promise<AcSettings> {
  return acSettingsSchema.parse(await api.put('admin/active-campaign/settings', { json: input }).json());
}

export function useSaveAcSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAcSettings,
    onSuccess: (saved) => queryClient.setQueryData([...acQueryKey, 'settings'], saved),
  });
}
