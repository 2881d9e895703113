import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { NoActiveFacility } from '../../../src/components/layout/no-active-facility';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { useAuthState } from '../../../src/features/auth/hooks/use-auth-state';
import { AttendanceCertificateButton } from '../../../src/features/certificates/components/facility-certificates';
import { HospitationVisits } from '../../../src/features/programme/components/hospitation-visits';
import { OfferingsPage, type OfferingFilters } from '../../../src/features/programme/components/offerings-page';

/**
 * The KiTa's programme pages (/fortbildungen, /hospitationen, /auszeichnungsverantaltung) differ by kind: their route
 * files hold the guard and the search parsing and take the page of the two date lists from here, the loader from
 * programme-loader.ts. Only the split route options import this file, so none of it loads with the route tree, nor
 * with the loader (ADR 0006).
 */

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
