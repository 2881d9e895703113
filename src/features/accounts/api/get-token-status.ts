import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { tokenStatusResponseSchema, type TokenKind } from '../../../shared/contracts/accounts';

export const getTokenStatus = (kind: TokenKind, token: string) =>
  api.get('auth/token-status', { searchParams: { kind, token } }).json().then(parseWith(tokenStatusResponseSchema));

/**
 * Read once per visit (the loader asks afresh) and then kept: using the link changes its state, and a refetch
 * on the page would turn "aktiviert" into "schon benutzt".
 */
export const tokenStatusQueryOptions = (kind: TokenKind, token: string) =>
  queryOptions({ queryKey: ['accounts', 'token-status', kind, token], queryFn: () => getTokenStatus(kind, token), staleTime: Infinity });

export const loadTokenStatus = (queryClient: QueryClient, kind: TokenKind, token: string) =>
  queryClient.fetchQuery({ ...tokenStatusQueryOptions(kind, token), staleTime: 0 });
