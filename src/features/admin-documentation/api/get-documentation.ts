import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { adminDocumentationDetailSchema, type AdminDocumentationDetail } from '../../../shared/contracts/admin-documentation';
import { adminDocumentationKey } from './list-documentation';

/** GET /api/admin/documentation/{seasonIdentifier}/{facilityId}: the form as submitted, reviews, notes, history */
export async function getDocumentation(seasonIdentifier: string, facilityId: number): Promise<AdminDocumentationDetail> {
  return api.get(`admin/documentation/${seasonIdentifier}/${facilityId}`).json().then(parseWith(adminDocumentationDetailSchema));
}

export const documentationDetailKey = (seasonIdentifier: string, facilityId: number) => [
  ...adminDocumentationKey(seasonIdentifier),
  'detail',
  facilityId,
];

export const documentationDetailQueryOptions = (seasonIdentifier: string, facilityId: number) =>
  queryOptions({ queryKey: documentationDetailKey(seasonIdentifier, facilityId), queryFn: () => getDocumentation(seasonIdentifier, facilityId) });

export const useDocumentationDetail = (seasonIdentifier: string, facilityId: number) =>
  useSuspenseQuery(documentationDetailQueryOptions(seasonIdentifier, facilityId));
