import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatTimeSpan } from '../../../lib/locale';
import { useAwardingEvent } from '../api/awarding-events';
import { useOffering } from '../api/get-offering';
import { useOfferingChoices } from '../api/offering-choices';
import { EnrolmentsPage, type EnrolmentSearch } from './enrolments-page';
import { OfferingSummary, printSubtitleOf } from './offering-summary';

type ListProps = { search: EnrolmentSearch; onSearchChange: (next: Partial<EnrolmentSearch>) => void };

/**
 * /verwaltung/fortbildungen/{id}/anmeldungen and /verwaltung/hospitationen/{id}/anmeldungen; a date of the other kind
 * under the address is "not found" (`notFound`), never shown under the wrong heading.
 */
export function OfferingEnrolments({
  offeringId,
  kind,
  notFound,
  ...list
}: ListProps & { offeringId: number; kind: 'training' | 'hospitation'; notFound: ReactNode }) {
  const { data: offering } = useOffering(offeringId);
  const { choices } = useOfferingChoices(
    { kind: offering.kind, seasonId: offering.seasonId, moduleId: offering.moduleId, awardingEventId: offering.awardingEventId },
    offering.kind === kind,
  );
  if (offering.kind !== kind) return <>{notFound}</>;
  return (
    <EnrolmentsPage
      key={offeringId}
      scope={{ kind: 'offering', offeringId }}
      {...list}
      heading={`Anmeldungen: ${offering.title}`}
      summary={<OfferingSummary offering={offering} />}
      bookable={offering.state === 'cancelled' ? [] : [offering]}
      moveTargets={choices.filter((o) => o.id !== offeringId)}
      printTitle={offering.title}
      printSubtitle={printSubtitleOf(offering)}
    />
  );
}

/** /verwaltung/auszeichnungsverantaltungen/{id}/anmeldungen: the enrolments over all its workshops */
export function AwardingEnrolments({ awardingEventId, ...list }: ListProps & { awardingEventId: number }) {
  const { data: event } = useAwardingEvent(awardingEventId);
  const { choices } = useOfferingChoices({ kind: 'awarding', seasonId: event.seasonId, awardingEventId });
  return (
    <EnrolmentsPage
      key={awardingEventId}
      scope={{ kind: 'awarding', awardingEventId }}
      {...list}
      heading={`Anmeldungen: ${event.title}`}
      summary={
        <>
          <Text fw={600}>{formatTimeSpan(event.startsAt, event.endsAt)}</Text>
          <Text>{event.place}</Text>
          <Text fw={600}>
            {event.attendeeCount} Personen aus {event.facilityCount} KiTas, {event.workshopCount} Workshops
            {event.maxAttendeesPerFacility !== null ? `; je KiTa höchstens ${event.maxAttendeesPerFacility}` : ''}
          </Text>
          <Text size="sm">Sitzplätze und Wartelisten stehen bei den einzelnen Workshops.</Text>
        </>
      }
      bookable={choices}
      moveTargets={choices}
      printTitle={event.title}
      printSubtitle={printSubtitleOf(event)}
    />
  );
}
