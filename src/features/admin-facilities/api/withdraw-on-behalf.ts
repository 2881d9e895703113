import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFacilitiesKey } from './list-facilities';

type Args = { facilityId: number; seasonId: number; version: number };

/** DELETE withdraws the enrolment (kept with withdrawn_at); the version guards against a stale page. */
export async function withdrawOnBehalf({ facilityId, seasonId, version }: Args): Promise<void> {
  await api.delete(`admin/facilities/${facilityId}/enrolments/${seasonId}`, { searchParams: { version } });
}

export function useWithdrawOnBehalf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOnBehalf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
