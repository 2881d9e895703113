import type { ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../../../../src/app/router-context';
import { notFoundOn404 } from '../../../../src/app/route-params';
import { RecordNotFound } from '../../../../src/components/layout/record-not-found';
import { useListState } from '../../../../src/components/list-page/use-list-state';
import { awardingEventQueryOptions } from '../../../../src/features/admin-programme/api/awarding-events';
import { enrolmentListQueryOptions, type EnrolmentListQuery, type EnrolmentScope } from '../../../../src/features/admin-programme/api/enrolments';
import { offeringQueryOptions } from '../../../../src/features/admin-programme/api/get-offering';
import type { EnrolmentSearch } from '../../../../src/features/admin-programme/components/enrolments-page';
import { AwardingEnrolments, OfferingEnrolments } from '../../../../src/features/admin-programme/components/offering-enrolments';
import type { OfferingKind } from '../../../../src/shared/contracts/programme';

/**
 * The three …/{id}/anmeldungen pages (a training event, a hospitation, an awarding event's workshops) differ by kind
 * only: the address parameter, the record above the list and the way back when it does not exist. Their route files
 * hold the guard, the id parameter and the search parsing and take the loader and the pages from here; only the split
 * route options import this file (ADR 0006).
 */
type ParamOf = { training: 'trainingEventId'; hospitation: 'hospitationId'; awarding: 'awardingEventId' };
type Params<K extends OfferingKind> = Record<ParamOf[K], number>;

const PARAM: { [K in OfferingKind]: ParamOf[K] } = { training: 'trainingEventId', hospitation: 'hospitationId', awarding: 'awardingEventId' };
const idOf = <K extends OfferingKind>(kind: K, params: Params<K>): number => params[PARAM[kind]];

const NOT_FOUND: Record<OfferingKind, { title: string; backTo: string; backLabel: string }> = {
  training: {
    title: 'Diesen Fortbildungstermin gibt es nicht (mehr)',
    backTo: '/verwaltung/fortbildungen',
    backLabel: 'Zu den Fortbildungsterminen',
  },
  hospitation: { title: 'Diese Hospitation gibt es nicht (mehr)', backTo: '/verwaltung/hospitationen', backLabel: 'Zu den Hospitationen' },
  awarding: {
    title: 'Diese Auszeichnungsveranstaltung gibt es nicht (mehr)',
    backTo: '/verwaltung/auszeichnungsverantaltungen',
    backLabel: 'Zu den Auszeichnungsveranstaltungen',
  },
};

const scopeOf = (kind: OfferingKind, id: number): EnrolmentScope =>
  kind === 'awarding' ? { kind: 'awarding', awardingEventId: id } : { kind: 'offering', offeringId: id };

/**
 * the loader: the record (a 404 shows the route's not-found page; always waited for, the page reads it with suspense)
 * and the page of its enrolments of the address (`queryOf`: the route's listRoute, src/lib/list-search.ts)
 */
export const enrolmentsLoader =
  <K extends OfferingKind>(kind: K, queryOf: (location: ParsedLocation) => EnrolmentListQuery) =>
  ({ context: { queryClient }, params, location }: { context: RouterContext; params: Params<K>; location: ParsedLocation }) => {
    const id = idOf(kind, params);
    return Promise.all([
      notFoundOn404<unknown>(
        kind === 'awarding' ? queryClient.ensureQueryData(awardingEventQueryOptions(id)) : queryClient.ensureQueryData(offeringQueryOptions(id)),
      ),
      queryClient.ensureQueryData(enrolmentListQueryOptions(scopeOf(kind, id), queryOf(location))),
    ]);
  };

export function EnrolmentsNotFound({ kind }: { kind: OfferingKind }) {
  return <RecordNotFound {...NOT_FOUND[kind]} />;
}

type Props<K extends OfferingKind> = {
  kind: K;
  route: { useParams: () => Params<K>; useSearch: () => EnrolmentSearch; fullPath: string };
};

export function EnrolmentsRoutePage<K extends OfferingKind>({ kind, route }: Props<K>) {
  const id = idOf(kind, route.useParams());
  const { search, onSearchChange } = useListState(route);
  const k: OfferingKind = kind;
  if (k === 'awarding') return <AwardingEnrolments awardingEventId={id} search={search} onSearchChange={onSearchChange} />;
  return <OfferingEnrolments kind={k} notFound={<EnrolmentsNotFound kind={k} />} offeringId={id} search={search} onSearchChange={onSearchChange} />;
}
