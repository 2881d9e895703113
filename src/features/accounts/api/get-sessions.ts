import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { sessionsResponseSchema } from '../../../shared/contracts/accounts';

export const getSessions = () => api.get('me/sessions').json().then(parseWith(sessionsResponseSchema));

export const sessionsQueryOptions = () => queryOptions({ queryKey: ['me', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQueryOptions());
