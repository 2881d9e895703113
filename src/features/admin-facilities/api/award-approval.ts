import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { awardApprovalAnswerSchema } from '../../../shared/contracts/admin-programme';
import { adminFacilitiesKey } from './list-facilities';

/** PUT /api/admin/season-enrolments/{id}/award-approval: "zur Auszeichnung zugelassen" */
export function useAwardApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seasonEnrolmentId, approved, version }: { seasonEnrolmentId: number; approved: boolean; version: number }) =>
      api
        .put(`admin/season-enrolments/${seasonEnrolmentId}/award-approval`, { json: { approved, version }, retry: 0 })
        .json()
        .then(parseWith(awardApprovalAnswerSchema)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFacilitiesKey }),
  });
}
