import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, parseWith } from '../../../lib/api-client';
import { listQueryOptions, useListQuery } from '../../../lib/list-query';
import {
  adminEnrolmentPageSchema,
  enrolmentActionAnswerSchema,
  type adminBookingInputSchema,
  type enrolmentActionInputSchema,
} from '../../../shared/contracts/admin-programme';
import { bookingResultSchema } from '../../../shared/contracts/programme';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';
import { awardingEnrolmentList, offeringEnrolmentList } from '../../../shared/contracts/programme-lists';
import { adminAwardingKey, adminOfferingsKey } from './list-offerings';

/** whose enrolments: one date (training event, hospitation, workshop) or all workshops of one awarding event */
export type EnrolmentScope = { kind: 'offering'; offeringId: number } | { kind: 'awarding'; awardingEventId: number };
export type EnrolmentListQuery = ListQueryOf<typeof offeringEnrolmentList>;

export const enrolmentContractOf = (scope: EnrolmentScope) => (scope.kind === 'offering' ? offeringEnrolmentList : awardingEnrolmentList);
export const enrolmentParamsOf = (scope: EnrolmentScope): Record<string, number> =>
  scope.kind === 'offering' ? { offeringId: scope.offeringId } : { awardingEventId: scope.awardingEventId };

/** GET /api/admin/offerings/{id}/enrolments or /api/admin/awarding-events/{id}/enrolments (list kit, same columns) */
export const enrolmentListQueryOptions = (scope: EnrolmentScope, query: EnrolmentListQuery) =>
  listQueryOptions(enrolmentContractOf(scope), adminEnrolmentPageSchema, query, enrolmentParamsOf(scope));
export const useEnrolmentList = (scope: EnrolmentScope, query: EnrolmentListQuery) =>
  useListQuery(enrolmentContractOf(scope), adminEnrolmentPageSchema, query, enrolmentParamsOf(scope));

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminOfferingsKey }), queryClient.invalidateQueries({ queryKey: adminAwardingKey })]);
}

/** POST /api/admin/offerings/{id}/enrolments/actions: confirm | cancel (reason) | attended | move, on one or many */
export function useEnrolmentAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ offeringId, input }: { offeringId: number; input: z.input<typeof enrolmentActionInputSchema> }) =>
      api
        .post(`admin/offerings/${offeringId}/enrolments/actions`, { json: input, retry: 0, timeout: 60_000 })
        .json()
        .then(parseWith(enrolmentActionAnswerSchema)),
    onSettled: invalidate,
  });
}

/** POST /api/admin/offerings/{id}/enrolments: on a KiTa's behalf; beyond capacity only with the override */
export function useAddEnrolment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ offeringId, input }: { offeringId: number; input: z.output<typeof adminBookingInputSchema> }) =>
      api.post(`admin/offerings/${offeringId}/enrolments`, { json: input, retry: 0 }).json().then(parseWith(bookingResultSchema)),
    onSettled: invalidate,
  });
}
