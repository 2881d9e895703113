import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { nextUnreviewedSchema, type NextUnreviewed } from '../../../shared/contracts/admin-documentation';
import { adminDocumentationKey } from './list-documentation';

/** GET /api/admin/documentation/{seasonIdentifier}/next-unreviewed?after={facilityId}: the next form to review */
export async function getNextUnreviewed(seasonIdentifier: string, after: number): Promise<NextUnreviewed> {
  return api.get(`admin/documentation/${seasonIdentifier}/next-unreviewed`, { searchParams: { after } }).json().then(parseWith(nextUnreviewedSchema));
}

// below the season's documentation key: saving a review refreshes it
export const nextUnreviewedQueryOptions = (seasonIdentifier: string, after: number) =>
  queryOptions({
    queryKey: [...adminDocumentationKey(seasonIdentifier), 'next-unreviewed', after],
    queryFn: () => getNextUnreviewed(seasonIdentifier, after),
  });

export const useNextUnreviewed = (seasonIdentifier: string, after: number, enabled: boolean) =>
  useQuery({ ...nextUnreviewedQueryOptions(seasonIdentifier, after), enabled });
