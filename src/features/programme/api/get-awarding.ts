import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { awardingAnswerSchema } from '../../../shared/contracts/programme';
import { programmeKey } from './keys';

/** GET /api/facilities/{id}/awarding: may the KiTa come, and the awarding events with their workshops */
export const awardingQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...programmeKey(facilityId), 'awarding'],
    queryFn: () => api.get(`facilities/${facilityId}/awarding`).json().then(parseWith(awardingAnswerSchema)),
  });

export const useAwarding = (facilityId: number) => useSuspenseQuery(awardingQueryOptions(facilityId));
