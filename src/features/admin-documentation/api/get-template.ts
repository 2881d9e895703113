import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { templateSchema, type Template } from '../../../shared/contracts/documentation-template';
import { adminDocumentationKey } from './list-documentation';

/** GET /api/admin/documentation/{seasonIdentifier}/template: the season's template (or the default one, version null) */
export async function getTemplate(seasonIdentifier: string): Promise<Template> {
  return api.get(`admin/documentation/${seasonIdentifier}/template`).json().then(parseWith(templateSchema));
}

export const templateQueryKey = (seasonIdentifier: string) => [...adminDocumentationKey(seasonIdentifier), 'template'];

export const templateQueryOptions = (seasonIdentifier: string) =>
  queryOptions({ queryKey: templateQueryKey(seasonIdentifier), queryFn: () => getTemplate(seasonIdentifier) });

export const useTemplate = (seasonIdentifier: string) => useSuspenseQuery(templateQueryOptions(seasonIdentifier));
