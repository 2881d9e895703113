import { useSuspenseQuery } from '@tanstack/react-query';
import type { ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../../../../src/app/router-context';
import { useListState } from '../../../../src/components/list-page/use-list-state';
import { offeringListQueryOptions, type OfferingListQuery } from '../../../../src/features/admin-programme/api/list-offerings';
import { OfferingsAdminList, type OfferingSearch } from '../../../../src/features/admin-programme/components/offerings-admin-list';
import { seasonChoicesQueryOptions } from '../../../../src/features/admin-seasons/api/list-seasons';
import type { OfferingKind } from '../../../../src/shared/contracts/programme';

/**
 * The admin lists of dates (/verwaltung/fortbildungen, /verwaltung/hospitationen,
 * /verwaltung/auszeichnungsverantaltungen/workshops) differ by kind only: their route files hold the guard and the
 * search parsing and take the loader and the page from here. Only the split
 * route options (loader, component) import this file, so none of it loads with the route tree (ADR 0006).
 */
export const loadOfferingList =
  (kind: OfferingKind, queryOf: (location: ParsedLocation) => OfferingListQuery) =>
  ({ context, location }: { context: RouterContext; location: ParsedLocation }) =>
    Promise.all([
      context.queryClient.ensureQueryData(offeringListQueryOptions({ ...queryOf(location), kind })),
      context.queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]);

type Props = {
  kind: OfferingKind;
  route: { useSearch: () => OfferingSearch; fullPath: string };
  /** inside the Fortbildungen screen's "Termine" tab: the list's heading is an h2 */
  section?: boolean;
};

export function OfferingListPage({ kind, route, section }: Props) {
  const { search, onSearchChange } = useListState(route);
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  return <OfferingsAdminList kind={kind} section={section} search={search} onSearchChange={onSearchChange} seasons={seasons} />;
}
