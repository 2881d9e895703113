import { Anchor, Badge, Button, Card, Group, List, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { formatTimeSpan } from '../../../lib/locale';
import type { Offering } from '../../../shared/contracts/programme';
import { registrationWindowText, seatsText, stateText } from './offering-texts';

type Props = {
  offering: Offering;
  headingOrder?: TitleOrder;
  /** "Anmelden": opens the booking dialog; left out where booking goes another way (awarding event) */
  onBook?: (offering: Offering) => void;
  /** why booking is not offered here (e.g. "Wähle zuerst …"); shown instead of the button's reason */
  children?: ReactNode;
};

/**
 * One bookable date (training event, hospitation, awarding-event workshop): its title as a heading (SPEC §6), when and
 * where, the seats left or the waiting list, the registration window, this KiTa's bookings and "Anmelden".
 */
export function OfferingCard({ offering, headingOrder = 3, onBook, children }: Props) {
  const headingId = useId();
  const dateId = `${headingId}-date`;
  const full = offering.seatsLeft <= 0;
  const over = new Date(offering.endsAt).getTime() <= Date.now();
  const window = offering.registrationMessage ?? registrationWindowText(offering.registrationOpensAt, offering.registrationClosesAt);
  const host = offering.hostFacility;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Title order={headingOrder} id={headingId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {offering.title}
        </Title>
        {offering.state === 'cancelled' && (
          <Badge color="red" variant="light">
            abgesagt
          </Badge>
        )}
        <Text fw={600} id={dateId}>
          {formatTimeSpan(offering.startsAt, offering.endsAt)}
        </Text>
        {host && (
          <Text>
            Zu Gast bei: {host.label}, {host.street}, {host.postalCode} {host.city}
          </Text>
        )}
        {offering.place && <Text>Ort: {offering.place}</Text>}
        {offering.onlineUrl && (
          <Text>
            Online:{' '}
            <Anchor href={offering.onlineUrl} target="_blank" rel="noreferrer">
              {offering.onlineUrl}
            </Anchor>
          </Text>
        )}
        {offering.region && <Text>Regierungsbezirk: {offering.region}</Text>}
        {offering.description && (
          <Text style={{ whiteSpace: 'pre-line' }} c="dark.6">
            {offering.description}
          </Text>
        )}
        {/* the seats of a date that is over are history, not an offer */}
        {!over && (
          <Text fw={600} c={full ? 'red.9' : 'green.9'}>
            {seatsText(offering.seatsLeft, offering.waitlistLength)}
          </Text>
        )}
        {window && <Text size="sm">{window}</Text>}
        {offering.enrolments.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Von euch angemeldet:
            </Text>
            <List size="sm">
              {offering.enrolments.map((e) => (
                <List.Item key={e.enrolmentId}>
                  {e.personName}: {stateText(e.state, e.waitlistPosition)}
                </List.Item>
              ))}
            </List>
          </div>
        )}
        {children}
        {onBook && (
          <Group>
            <Button onClick={() => onBook(offering)} disabled={!offering.canBook} aria-describedby={`${headingId} ${dateId}`}>
              Anmelden
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
