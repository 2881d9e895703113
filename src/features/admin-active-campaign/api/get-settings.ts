import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { acSettingsSchema, type AcSettings } from '../../../shared/contracts/active-campaign';

export const acQueryKey = ['admin', 'active-campaign'] as const;

export async function getAcSettings(): Promise<AcSettings> {
  return acSettingsSchema.parse(await api.get('admin/active-campaign/settings').json());
}

export const acSettingsQueryOptions = () => queryOptions({ queryKey: [...acQueryKey, 'settings'], queryFn: getAcSettings });
