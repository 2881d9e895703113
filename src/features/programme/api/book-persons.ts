import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import {
  bookingResultSchema,
  type AwardingAnswer,
  type BookingInput,
  type BookingResult,
  type Offering,
  type OfferingsAnswer,
} from '../../../shared/contracts/programme';
import { offeringsKey, programmeKey } from './keys';

/** POST /api/facilities/{id}/enrolments: per person a confirmed seat or a waiting-list place. Never retried (not idempotent). */
export async function bookPersons(facilityId: number, input: BookingInput): Promise<BookingResult> {
  return api.post(`facilities/${facilityId}/enrolments`, { json: input, retry: 0 }).json().then(parseWith(bookingResultSchema));
}

/** the answer written into the offering at once (the refetch that follows brings the new seat counts) */
function withResults(offering: Offering, result: BookingResult, names: Map<number, string>): Offering {
  const added = result.results.map((r) => ({ ...r, personName: names.get(r.personId) ?? '' }));
  return { ...offering, enrolments: [...offering.enrolments.filter((e) => !added.some((a) => a.personId === e.personId)), ...added] };
}

export function useBookPersons(facilityId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input }: { input: BookingInput; names: Map<number, string>; offering: Offering }) => bookPersons(facilityId, input),
    onSuccess: (result, { names, offering }) => {
      const patch = (o: Offering) => (o.id === offering.id ? withResults(o, result, names) : o);
      if (offering.kind === 'awarding') {
        queryClient.setQueryData<AwardingAnswer>(
          [...programmeKey(facilityId), 'awarding'],
          (old) => old && { ...old, events: old.events.map((e) => ({ ...e, workshops: e.workshops.map(patch) })) },
        );
      } else {
        queryClient.setQueryData<OfferingsAnswer>(
          offeringsKey(facilityId, offering.kind),
          (old) => old && { ...old, offerings: old.offerings.map(patch) },
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: programmeKey(facilityId) }),
  });
}
