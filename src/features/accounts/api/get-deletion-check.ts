import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { deletionCheckResponseSchema } from '../../../shared/contracts/accounts';

export const getDeletionCheck = () => api.get('me/deletion-check').json().then(parseWith(deletionCheckResponseSchema));

export const deletionCheckQueryOptions = () => queryOptions({ queryKey: ['me', 'deletion-check'], queryFn: getDeletionCheck, staleTime: 0 });

export const useDeletionCheck = (enabled: boolean) => useQuery({ ...deletionCheckQueryOptions(), enabled });
