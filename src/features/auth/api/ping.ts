import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { asPing } from '../../../lib/response-shape';
import type { PingResponse } from '../../../shared/contracts/auth';

/** seed §9: the keep-alive runs every 60 seconds. */
export const PING_INTERVAL_MS = 60_000;

/** Per window (tab), so the server can tell two open windows of one session apart (docs/foundation-plan.md). */
export const WINDOW_ID_KEY = 'kita-portal.windowId';

export function getWindowId(): string {
  try {
    const stored = window.sessionStorage.getItem(WINDOW_ID_KEY);
    if (stored) return stored;
    const id = crypto.randomUUID();
    window.sessionStorage.setItem(WINDOW_ID_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID(); // storage blocked: a fresh id per load still identifies this window
  }
}

export async function ping(windowId: string): Promise<PingResponse> {
  // checked without zod: this runs on every page (src/lib/response-shape.ts)
  return asPing<PingResponse>(await api.post('ping', { json: { windowId } }).json());
}

export const pingQueryOptions = (windowId: string) =>
  queryOptions({
    queryKey: ['auth', 'ping', windowId],
    queryFn: () => ping(windowId),
    refetchInterval: PING_INTERVAL_MS,
    // The session must be kept alive also while the portal sits in a background tab.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    retry: false,
  });

/** `enabled`: false until the root view has been drawn (use-ping.tsx); `refetch()` asks all the same */
export const usePingQuery = (windowId: string, enabled: boolean) => useQuery({ ...pingQueryOptions(windowId), enabled });
