import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { lazyAfterFirstPaint } from '../../../components/layout/render-later';
import { formatTimeSpan } from '../../../lib/locale';
import type { AwardingEvent } from '../../../shared/contracts/programme';
import { useAwarding } from '../api/get-awarding';
import { useFacilityEnrolments } from '../api/get-facility-enrolments';
import { BookingsTable, type BookingRowExtra } from './bookings-table';
import { OfferingCard } from './offering-card';
import { registrationWindowText } from './offering-texts';

// the booking dialog comes after the page's first paint (issue 35)
const AwardingBookingDialog = lazyAfterFirstPaint(() => import('./awarding-booking-dialog').then((m) => m.AwardingBookingDialog));

/** /auszeichnungsverantaltung: open to a KiTa approved for the award; one awarding event, a workshop per attendee. */
export function AwardingPage({ facilityId, bookingExtra }: { facilityId: number; bookingExtra?: BookingRowExtra }) {
  const { data } = useAwarding(facilityId);
  const { data: own } = useFacilityEnrolments(facilityId, 'awarding');
  const [booking, setBooking] = useState<AwardingEvent | null>(null);

  if (!data.eligible) {
    return (
      <Alert variant="light" color="gray" title="Noch nicht zugelassen">
        <Text>{data.message ?? 'Eure KiTa ist für dieses KiTa-Jahr noch nicht zur Auszeichnung zugelassen.'}</Text>
      </Alert>
    );
  }
  const chosen = data.events.find((e) => e.id === data.chosenEventId);
  const bookingNow = booking ? (data.events.find((e) => e.id === booking.id) ?? booking) : null;

  return (
    <Stack gap="xl">
      {data.events.length === 0 ? (
        <Alert variant="light" color="gray">
          <Text>Für dieses KiTa-Jahr sind noch keine Auszeichnungsveranstaltungen veröffentlicht.</Text>
        </Alert>
      ) : (
        <>
          <Text>Wählt eine der Veranstaltungen, nennt, wer von euch kommt, und wählt für jede Person einen Workshop.</Text>
          {data.events.map((event) => {
            const other = chosen !== undefined && chosen.id !== event.id;
            const attendees = event.workshops.reduce((n, w) => n + w.enrolments.length, 0);
            const window = registrationWindowText(event.registrationOpensAt, event.registrationClosesAt);
            return (
              <Card key={event.id} withBorder component="section" aria-labelledby={`award-${event.id}`} opacity={other ? 0.85 : 1}>
                <Stack gap="sm">
                  <Title order={2} fz="h3" id={`award-${event.id}`}>
                    {event.title}
                  </Title>
                  <Text fw={600} id={`award-${event.id}-date`}>
                    {formatTimeSpan(event.startsAt, event.endsAt)}
                  </Text>
                  <Text>Ort: {event.place}</Text>
                  {event.description && <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>}
                  {event.maxAttendeesPerFacility !== null && (
                    <Text size="sm">
                      Je KiTa höchstens {event.maxAttendeesPerFacility} Personen{attendees > 0 ? `; ihr habt ${attendees} angemeldet` : ''}.
                    </Text>
                  )}
                  {window && <Text size="sm">{window}</Text>}
                  {other && (
                    <Text c="dark.6">
                      Ihr seid schon zu „{chosen.title}“ angemeldet. Eine KiTa nimmt an einer der Veranstaltungen teil; wollt ihr wechseln, storniert
                      zuerst eure Anmeldungen dort.
                    </Text>
                  )}
                  <Title order={3} fz="h4">
                    Workshops
                  </Title>
                  {event.workshops.length === 0 ? (
                    <Text>Die Workshops dieser Veranstaltung werden noch geplant.</Text>
                  ) : (
                    <SimpleGrid cols={{ base: 1, md: 2 }}>
                      {event.workshops.map((w) => (
                        <OfferingCard key={w.id} offering={w} headingOrder={4} />
                      ))}
                    </SimpleGrid>
                  )}
                  <Group>
                    <Button
                      onClick={() => setBooking(event)}
                      disabled={other || event.workshops.length === 0 || event.state !== 'published'}
                      aria-describedby={`award-${event.id} award-${event.id}-date`}
                    >
                      Anmelden
                    </Button>
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </>
      )}
      <Stack gap="sm">
        <Title order={2} fz="h3">
          Unsere Anmeldungen
        </Title>
        <BookingsTable
          facilityId={facilityId}
          enrolments={own.enrolments}
          emptyText="Ihr habt noch niemanden zur Auszeichnungsveranstaltung angemeldet."
          rowExtra={bookingExtra}
        />
      </Stack>
      <AwardingBookingDialog facilityId={facilityId} event={bookingNow} onClose={() => setBooking(null)} />
    </Stack>
  );
}
