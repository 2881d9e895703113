import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asLoginStatus } from '../../../lib/response-shape';
import type { LoginStatusResponse } from '../../../shared/contracts/auth';

export async function getLoginStatus(): Promise<LoginStatusResponse> {
  // checked without zod: this runs on the first page (src/lib/response-shape.ts)
  return asLoginStatus<LoginStatusResponse>(await api.get('loginstatus').json());
}

/**
 * Guards read this on every navigation; the staleTime keeps that to one request per 30 s. React Query shares
 * one in-flight request per key, so concurrent checks never overlap (seed §4: one at a time).
 */
export const LOGIN_STATUS_STALE_MS = 30_000;

export const loginStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'login-status'], queryFn: getLoginStatus, staleTime: LOGIN_STATUS_STALE_MS });

/** After login, logout or a lost session the answer is known: write it instead of asking the server again. */
export function setLoginStatus(queryClient: QueryClient, status: LoginStatusResponse) {
  queryClient.setQueryData(loginStatusQueryOptions().queryKey, status);
}
