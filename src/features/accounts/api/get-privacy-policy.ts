import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { privacyPolicyResponseSchema } from '../../../shared/contracts/accounts';

export const getPrivacyPolicy = () => api.get('privacy-policy').json().then(parseWith(privacyPolicyResponseSchema));

export const privacyPolicyQueryOptions = () =>
  queryOptions({ queryKey: ['accounts', 'privacy-policy'], queryFn: getPrivacyPolicy, staleTime: 5 * 60_000 });

export const usePrivacyPolicy = () => useSuspenseQuery(privacyPolicyQueryOptions()).data;
