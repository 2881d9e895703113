import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { juryQueueSchema, type JuryQueue } from '../../../shared/contracts/admin-documentation';
import { adminDocumentationKey } from './list-documentation';

/** GET /api/admin/documentation/{seasonIdentifier}/queue: forms waiting for the caller's review, and done ones */
export async function getJuryQueue(seasonIdentifier: string): Promise<JuryQueue> {
  return api.get(`admin/documentation/${seasonIdentifier}/queue`).json().then(parseWith(juryQueueSchema));
}

// below the season's documentation key: a saved review or a decision refreshes it
export const juryQueueQueryOptions = (seasonIdentifier: string) =>
  queryOptions({ queryKey: [...adminDocumentationKey(seasonIdentifier), 'queue'], queryFn: () => getJuryQueue(seasonIdentifier) });

export const useJuryQueue = (seasonIdentifier: string) => useQuery(juryQueueQueryOptions(seasonIdentifier));
