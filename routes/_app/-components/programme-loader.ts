import type { RouterContext } from '../../../src/app/router-context';
import { awardingQueryOptions } from '../../../src/features/programme/api/get-awarding';
import { facilityEnrolmentsQueryOptions } from '../../../src/features/programme/api/get-facility-enrolments';
import { hospitationVisitsQueryOptions } from '../../../src/features/programme/api/get-hospitation-visits';
import { offeringsQueryOptions } from '../../../src/features/programme/api/get-offerings';
import type { OfferingKind } from '../../../src/shared/contracts/programme';

/*
 * The loader of the KiTa's programme pages (/fortbildungen, /hospitationen, /auszeichnungsverantaltung), apart from
 * their page (offerings-route-page.tsx): the loader's chunk carries only the query options, so the page's data is
 * asked for while the page's code still loads (ADR 0006; it used to wait for all 46 files of the page).
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
