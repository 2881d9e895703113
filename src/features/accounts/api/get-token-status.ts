import { queryOptions } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { tokenStatusResponseSchema, type TokenKind } from '../../../shared/contracts/accounts';

export const getTokenStatus = (kind: TokenKind, token: string) =>
  api.get('auth/token-status', { searchParams: { kind, token } }).json().then(parseWith(tokenStatusResponseSchema));

/** Never cached across visits: a link's state changes when it is used. */
export const tokenStatusQueryOptions = (kind: TokenKind, token: string) =>
  queryOptions({ queryKey: ['accounts', 'token-status', kind, token], queryFn: () => getTokenStatus(kind, token), staleTime: 0, gcTime: 0 });
