import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { facilityCertificatesAnswerSchema } from '../../../shared/contracts/certificates';

export const certificatesKey = (facilityId: number) => ['facilities', facilityId, 'certificates'] as const;

/** GET /api/facilities/{id}/certificates: every certificate of the KiTa, every season, newest first */
export const facilityCertificatesQueryOptions = (facilityId: number) =>
  queryOptions({
    queryKey: certificatesKey(facilityId),
    queryFn: () => api.get(`facilities/${facilityId}/certificates`).json().then(parseWith(facilityCertificatesAnswerSchema)),
  });

export const useFacilityCertificates = (facilityId: number) => useQuery(facilityCertificatesQueryOptions(facilityId));

export const facilityCertificatePdfPath = (facilityId: number, certificateId: number) =>
  `/api/facilities/${facilityId}/certificates/${certificateId}.pdf`;
