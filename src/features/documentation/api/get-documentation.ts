import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { documentationFormSchema, type DocumentationForm } from '../../../shared/contracts/documentation';

/** GET /api/facilities/{id}/documentation: the current season's form with its template, answers, files and state. */
export async function getDocumentation(facilityId: number): Promise<DocumentationForm> {
  return api.get(`facilities/${facilityId}/documentation`).json().then(parseWith(documentationFormSchema));
}

export const documentationQueryOptions = (facilityId: number) =>
  queryOptions({ queryKey: ['facilities', facilityId, 'documentation'], queryFn: () => getDocumentation(facilityId) });

export const useDocumentation = (facilityId: number) => useSuspenseQuery(documentationQueryOptions(facilityId));
