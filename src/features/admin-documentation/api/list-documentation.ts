import { queryOptions } from '@tanstack/react-query';
import { api, parseWith } from '../../../lib/api-client';
import { listKeyOf, listQueryOptions, useListQuery } from '../../../lib/list-query';
import { seasonChoiceListSchema } from '../../../shared/contracts/admin-seasons';
import { adminDocumentationList, adminDocumentationPageSchema } from '../../../shared/contracts/admin-documentation';
import type { ListQueryOf } from '../../../shared/contracts/list-contract';

export type DocumentationListQuery = ListQueryOf<typeof adminDocumentationList>;

/**
 * Every admin documentation query of one season (list pages, details, the template) starts with this; a decision,
 * a review or a saved template invalidates all of them.
 */
export const adminDocumentationKey = (seasonIdentifier: string) => listKeyOf(adminDocumentationList, { seasonIdentifier });

/** GET /api/admin/documentation/{seasonIdentifier}: the season's forms on the list kit */
export const documentationListQueryOptions = (seasonIdentifier: string, query: DocumentationListQuery) =>
  listQueryOptions(adminDocumentationList, adminDocumentationPageSchema, query, { seasonIdentifier });

export const useDocumentationList = (seasonIdentifier: string, query: DocumentationListQuery) =>
  useListQuery(adminDocumentationList, adminDocumentationPageSchema, query, { seasonIdentifier });

/**
 * GET /api/admin/documentation/seasons: the seasons to switch between, for admins and the jury. Keyed below
 * ['admin', 'seasons'], so an admin's season writes (which invalidate that key) refresh it too.
 */
export const documentationSeasonsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'seasons', 'documentation-choices'],
    queryFn: async () =>
      api
        .get('admin/documentation/seasons')
        .json()
        .then(parseWith(seasonChoiceListSchema))
        .then((r) => r.items),
  });
