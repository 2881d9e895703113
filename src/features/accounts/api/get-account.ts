import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { accountResponseSchema, type AccountResponse } from '../../../shared/contracts/accounts';

export const getAccount = () => api.get('me/account').json().then(parseWith(accountResponseSchema));

export const accountQueryOptions = () => queryOptions({ queryKey: ['me', 'account'], queryFn: getAccount });

export const useAccount = () => useSuspenseQuery(accountQueryOptions()).data;

/** Settings writes answer the fresh account: keep it instead of asking again. */
export const setAccount = (queryClient: QueryClient, account: AccountResponse) => queryClient.setQueryData(accountQueryOptions().queryKey, account);

export const invalidateAccount = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey });
