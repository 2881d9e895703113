import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { publicConfigSchema, type PublicConfig } from '../../../shared/contracts/config';

export async function getPublicConfig(): Promise<PublicConfig> {
  return publicConfigSchema.parse(await api.get('config').json());
}

/** Only changes with a deployment; the ping tells us about that separately. */
export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
