import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { cancelAnswerSchema } from '../../../shared/contracts/programme';
import { programmeKey } from './keys';

/** DELETE /api/facilities/{id}/enrolments/{enrolmentId}: the KiTa cancels one booking; the oldest waiting entry moves up. */
export async function cancelEnrolment(facilityId: number, enrolmentId: number) {
  return api.delete(`facilities/${facilityId}/enrolments/${enrolmentId}`, { retry: 0 }).json().then(parseWith(cancelAnswerSchema));
}

export function useCancelEnrolment(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enrolmentId: number) => cancelEnrolment(facilityId, enrolmentId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: programmeKey(facilityId) }),
  });
}

/** the .ics of a confirmed booking (a plain download link) */
export const calendarUrl = (facilityId: number, enrolmentId: number) => `/api/facilities/${facilityId}/enrolments/${enrolmentId}/calendar.ics`;
