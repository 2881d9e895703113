import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asPublicConfig } from '../../../lib/response-shape';
import type { PublicConfig } from '../../../shared/contracts/config';

export async function getPublicConfig(): Promise<PublicConfig> {
  // checked without zod: this runs on the first page (src/lib/response-shape.ts)
  return asPublicConfig<PublicConfig>(await api.get('config').json());
}

/** Only changes with a deployment; the ping tells us about that separately. */
export const publicConfigQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());
