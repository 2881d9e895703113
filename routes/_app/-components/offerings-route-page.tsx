import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { RouterContext } from '../../../src/app/router-context';
import { NoActiveFacility } from '../../../src/components/layout/no-active-facility';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { useAuthState } from '../../../src/features/auth/hooks/use-auth-state';
import { AttendanceCertificateButton } from '../../../src/features/certificates/components/facility-certificates';
import { awardingQueryOptions } from '../../../src/features/programme/api/get-awarding';
import { facilityEnrolmentsQueryOptions } from '../../../src/features/programme/api/get-facility-enrolments';
import { hospitationVisitsQueryOptions } from '../../../src/features/programme/api/get-hospitation-visits';
import { offeringsQueryOptions } from '../../../src/features/programme/api/get-offerings';
import { HospitationVisits } from '../../../src/features/programme/components/hospitation-visits';
import { OfferingsPage, type OfferingFilters } from '../../../src/features/programme/components/offerings-page';
import type { OfferingKind } from '../../../src/shared/contracts/programme';

/**
 * The KiTa's programme pages (/fortbildungen, /hospitationen, /auszeichnungsverantaltung) differ by kind: their route
 * files hold the guard and the search parsing and take the loader (and the page of the two date lists) from here.
 * Only the split route options import this file, so none of it loads with the route tree (ADR 0006).
 */

/** the loader: the season's offers of the kind and the KiTa's bookings of it, once a KiTa is active */
export const programmeLoader =
  (kind: OfferingKind) =>
  async ({ context: { auth, queryClient } }: { context: RouterContext }) => {
    const facilityId = auth.getState().activeFacilityId;
    if (facilityId === null) return;
    // the host's view is extra: started, not awaited
    if (kind === 'hospitation') void queryClient.prefetchQuery(hospitationVisitsQueryOptions(facilityId));
    await Promise.all([
      kind === 'awarding'
        ? queryClient.ensureQueryData(awardingQueryOptions(facilityId))
        : queryClient.ensureQueryData(offeringsQueryOptions(facilityId, kind)),
      queryClient.ensureQueryData(facilityEnrolmentsQueryOptions(facilityId, kind)),
    ]);
  };

const HEADINGS = { training: 'Fortbildungen', hospitation: 'Hospitationen' } as const;

type Props = {
  kind: keyof typeof HEADINGS;
  /** the route: its search holds the filters */
  route: { useSearch: () => OfferingFilters; fullPath: string };
};

/** /fortbildungen and /hospitationen: the dates of the active KiTa's season; a host KiTa sees its visitors too */
export function OfferingsRoutePage({ kind, route }: Props) {
  const { activeFacilityId } = useAuthState();
  const filters = route.useSearch();
  const navigate = useNavigate({ from: route.fullPath as never });
  // a change of the active KiTa starts the page afresh (its key)
  const offerings = (facilityId: number) => (
    <OfferingsPage
      key={facilityId}
      facilityId={facilityId}
      kind={kind}
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next, replace: true } as never)}
      bookingExtra={(e, describedBy) => <AttendanceCertificateButton facilityId={facilityId} enrolmentId={e.enrolmentId} describedBy={describedBy} />}
    />
  );
  return (
    <>
      <PageHeading>{HEADINGS[kind]}</PageHeading>
      {activeFacilityId === null ? (
        <NoActiveFacility />
      ) : kind === 'training' ? (
        offerings(activeFacilityId)
      ) : (
        <Stack gap="xl" key={activeFacilityId}>
          {offerings(activeFacilityId)}
          <HospitationVisits facilityId={activeFacilityId} />
        </Stack>
      )}
    </>
  );
}
