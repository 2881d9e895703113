import { Badge, Group, Text } from '@mantine/core';
import { formatTimeSpan } from '../../../lib/locale';
import type { AdminOffering } from '../../../shared/contracts/admin-programme';
import { offeringStateLabels } from '../../../shared/contracts/programme';

const STATE_COLOR = { draft: 'gray', published: 'green', cancelled: 'red' } as const;

/** The header of an enrolment page: when, where, the seats taken and free, the waiting list, the state. */
export function OfferingSummary({ offering }: { offering: AdminOffering }) {
  return (
    <>
      <Group gap="xs">
        <Text fw={600}>{formatTimeSpan(offering.startsAt, offering.endsAt)}</Text>
        <Badge variant="light" color={STATE_COLOR[offering.state]} tt="none">
          {offeringStateLabels[offering.state]}
        </Badge>
      </Group>
      {offering.moduleTitle && <Text>Modul: {offering.moduleTitle}</Text>}
      {offering.hostFacilityLabel && <Text>Zu Gast bei: {offering.hostFacilityLabel}</Text>}
      {offering.awardingEventTitle && <Text>Veranstaltung: {offering.awardingEventTitle}</Text>}
      <Text>{[offering.place, offering.onlineUrl && `online: ${offering.onlineUrl}`, offering.region].filter(Boolean).join(' · ')}</Text>
      <Text fw={600}>
        {offering.seatsTaken} von {offering.capacity} Plätzen belegt, {offering.seatsFree} frei, {offering.waitlistLength} auf der Warteliste
      </Text>
      {offering.cancelReason && <Text c="red.9">Abgesagt: {offering.cancelReason}</Text>}
    </>
  );
}

/** "Mi., 03.02.2027, 09:00–16:00 Uhr, Nürnberg" for the printed attendance list */
export const printSubtitleOf = (o: { startsAt: string; endsAt: string; place: string }) =>
  [formatTimeSpan(o.startsAt, o.endsAt), o.place].filter(Boolean).join(', ');
