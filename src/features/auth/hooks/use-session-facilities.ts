import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { FacilitySummary, LoginStatusResponse, User } from '../../../shared/contracts/auth';
import { loginStatusQueryOptions, setLoginStatus } from '../api/get-login-status';
import { useAuthStore } from './use-auth-state';

/**
 * After a write that changes what the login status says (a KiTa registered, the season enrolment made or
 * withdrawn) the answer is known: write it into the login-status cache and the auth store and let the router
 * re-run its guards, so navigation and guard dialogs change at once, without a reload or another request.
 */
export function useSessionFacilities() {
  const queryClient = useQueryClient();
  const auth = useAuthStore();
  const router = useRouter();

  async function update(change: (facilities: User['facilities']) => User['facilities'], selectId?: number) {
    const state = auth.getState();
    const cached = queryClient.getQueryData(loginStatusQueryOptions().queryKey);
    const user = cached?.user ?? state.user;
    if (!user) return;
    const next: LoginStatusResponse = {
      loggedin: true,
      user: { ...user, facilities: change(user.facilities) },
      curSeason: cached?.curSeason ?? state.curSeason,
    };
    setLoginStatus(queryClient, next);
    auth.syncStatus(next);
    if (selectId !== undefined) auth.dispatch({ type: 'FACILITY_SELECTED', facilityId: selectId });
    await router.invalidate();
  }

  return {
    /** asks the server again (a change the client can't compute, e.g. an accepted invitation), then selects */
    refresh: async (selectId?: number) => {
      const status = await queryClient.fetchQuery({ ...loginStatusQueryOptions(), staleTime: 0 });
      auth.syncStatus(status);
      if (selectId !== undefined) auth.dispatch({ type: 'FACILITY_SELECTED', facilityId: selectId });
      await router.invalidate();
    },
    /** the user became a member of `facility` (registered it); it becomes the active KiTa */
    addFacility: (facility: FacilitySummary) => update((facilities) => ({ ...facilities, [String(facility.id)]: facility }), facility.id),
    /** the KiTa's enrolment to the current season was made (true) or withdrawn (false) */
    setEnrolled: (facilityId: number, enrolled: boolean) =>
      update((facilities) => {
        const current = facilities[String(facilityId)];
        return current ? { ...facilities, [String(facilityId)]: { ...current, is_enrolled_to_cur_season: enrolled } } : facilities;
      }),
    /** the user left the KiTa (removed their own access) */
    removeFacility: (facilityId: number) =>
      update((facilities) => Object.fromEntries(Object.entries(facilities).filter(([, f]) => f.id !== facilityId))),
    /** a changed name shows in the header and the selection dialog */
    renameFacility: (facilityId: number, label: string) =>
      update((facilities) => {
        const current = facilities[String(facilityId)];
        return current ? { ...facilities, [String(facilityId)]: { ...current, label } } : facilities;
      }),
  };
}
