import { QueryClient } from '@tanstack/react-query';
import { isHTTPError } from 'ky';

const MAX_RETRIES = 1;

/**
 * An answer from our server with a 4xx status (404 a record that does not exist, 403, 400 …) will not change when
 * asked again: say so at once instead of retrying. Only failures that may pass (no answer, 5xx) are retried.
 */
export function shouldRetry(failureCount: number, error: unknown, retries = MAX_RETRIES): boolean {
  if (isHTTPError(error) && error.response.status < 500) return false;
  return failureCount < retries;
}

/**
 * Failures are announced by the shared handler in api-client, so retries are few; data counts as fresh for
 * 30 s, so moving between pages doesn't refetch everything. Tests pass `retry: false`.
 *
 * networkMode 'offlineFirst': React Query's default ('online') does not even send a request while the browser reports
 * itself offline, silently: the login button does nothing and seed §8's "Bist du offline?" never appears (issue 19).
 * Now the first attempt is sent, fails at once and is reported by the shared handler; retries wait for the network
 * and run when it is back, as before.
 */
export function createQueryClient(overrides: { retry?: number | false } = {}) {
  const retries = overrides.retry ?? MAX_RETRIES;
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: retries === false ? false : (failureCount, error) => shouldRetry(failureCount, error, retries),
        refetchOnWindowFocus: true,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'offlineFirst' },
    },
  });
}
