import type { QueryClient } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import { loginStatusQueryOptions } from '../features/auth/api/get-login-status';
import { notify } from '../lib/notifications';
import type { LoginStatusResponse } from '../shared/contracts/auth';

type Invalidate = () => Promise<unknown>;

/** the KiTas the person had and has no more (their names, as the header showed them) */
function kitasLost(before: LoginStatusResponse | undefined, now: LoginStatusResponse): string[] {
  const had = Object.values(before?.user?.facilities ?? {});
  const has = new Set(Object.values(now.user?.facilities ?? {}).map((f) => f.id));
  return had.filter((f) => !has.has(f.id)).map((f) => f.label);
}

const forbidden = (error: unknown) => isHTTPError(error) && error.response.status === 403;

/**
 * A 403 from the server while the guards allowed the page means the session's rights may have changed since the
 * login status was read (up to 30 s ago): an admin took the person's access to the KiTa, or the KiTa's enrolment
 * was withdrawn. Then the login status is asked again; when it changed, the router re-runs its guards, which apply
 * it and send the person where the new rights lead (the start page, the KiTa choice, the guard's dialog) instead of
 * leaving "Da ging etwas schief." on a page they may no longer open. When nothing changed, the 403 is about
 * the record itself and the page or the shared error handler says so. Every query and mutation of the app goes
 * through the two caches, so none needs to know.
 */
export function recheckSessionOnForbidden(queryClient: QueryClient, invalidate: Invalidate): () => void {
  let running: Promise<void> | null = null;
  const recheck = async () => {
    const options = loginStatusQueryOptions();
    const before = queryClient.getQueryData(options.queryKey);
    const status = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    if (JSON.stringify(status) === JSON.stringify(before)) return;
    // said first: a person with other KiTas lands on the next one, which would otherwise change without a word
    if (status.loggedin)
      for (const label of kitasLost(before, status))
        notify({ message: `Du hast keinen Zugriff mehr auf „${label}“.`, color: 'yellow', autoClose: false });
    // the guard applies the fresh status (route-guard.ts, loadSession) and decides with it
    await invalidate();
  };
  const onError = (error: unknown) => {
    if (!forbidden(error) || running) return;
    // a failed status check is reported by the next guard; this one stays quiet
    running = recheck()
      .catch(() => undefined)
      .finally(() => (running = null));
  };
  const offQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  const offMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  return () => {
    offQueries();
    offMutations();
  };
}
