import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { hospitationVisitsAnswerSchema } from '../../../shared/contracts/programme';
import { programmeKey } from './keys';

/** GET /api/facilities/{id}/hospitation-visits: a host KiTa sees who visits it (empty for every other KiTa) */
export const hospitationVisitsQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: [...programmeKey(facilityId), 'hospitation-visits'],
    queryFn: () => api.get(`facilities/${facilityId}/hospitation-visits`).json().then(parseWith(hospitationVisitsAnswerSchema)),
  });

export const useHospitationVisits = (facilityId: number) => useQuery(hospitationVisitsQueryOptions(facilityId));
