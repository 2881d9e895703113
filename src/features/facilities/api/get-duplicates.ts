import { queryOptions } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { duplicateListSchema, type DuplicateCandidate } from '../../../shared/contracts/facilities';

/** GET /api/facilities/duplicates: KiTas with the same postal code and a similar name. */
export async function getDuplicates(postalCode: string, label: string): Promise<DuplicateCandidate[]> {
  const searchParams = { postalCode: postalCode, label };
  return api
    .get('facilities/duplicates', { searchParams })
    .json()
    .then(parseWith(duplicateListSchema))
    .then((list) => list.items);
}

/** Asked right before registering (queryClient.fetchQuery), never in the background. */
export const duplicatesQueryOptions = (postalCode: string, label: string) =>
  queryOptions({
    queryKey: ['facilities', 'duplicates', postalCode, label],
    queryFn: () => getDuplicates(postalCode, label),
    staleTime: 0,
  });
