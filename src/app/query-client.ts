import { QueryClient } from '@tanstack/react-query';

/**
 * Failures are announced by the shared handler in api-client, so retries are few; data counts as fresh for
 * 30 s, so moving between pages doesn't refetch everything. Tests pass `retry: false`.
 */
export function createQueryClient(overrides: { retry?: number | false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: overrides.retry ?? 1, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
