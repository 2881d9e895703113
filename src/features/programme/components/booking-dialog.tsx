import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatTimeSpan } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { bookingInputSchema, type Offering } from '../../../shared/contracts/programme';
import { useBookPersons } from '../api/book-persons';
import { useStaff } from '../api/get-staff';
import { stateText } from './offering-texts';

type Props = {
  facilityId: number;
  /** the date to book; null = closed */
  offering: Offering | null;
  onClose: () => void;
  /** the admins' limits, in German ("Höchstens 2 Personen je KiTa und Termin.") */
  limitText?: string | null;
};

/** "Anmelden": the KiTa's staff with checkboxes (persons already booked are shown with their state), "Verbindlich anmelden". */
export function BookingDialog({ facilityId, offering, onClose, limitText }: Props) {
  return (
    <Modal
      opened={offering !== null}
      onClose={onClose}
      title={offering ? `Anmelden: ${offering.title}` : ''}
      closeButtonProps={{ 'aria-label': 'Schließen' }}
      size="lg"
    >
      {offering && <BookingForm facilityId={facilityId} offering={offering} onDone={onClose} limitText={limitText} />}
    </Modal>
  );
}

function BookingForm({
  facilityId,
  offering,
  onDone,
  limitText,
}: {
  facilityId: number;
  offering: Offering;
  onDone: () => void;
  limitText?: string | null | undefined;
}) {
  const staff = useStaff(facilityId);
  const book = useBookPersons(facilityId);
  const form = useSchemaForm({
    schema: bookingInputSchema,
    initialValues: { personIds: [] as string[] },
    toInput: (v) => ({ offeringId: offering.id, personIds: v.personIds.map(Number) }),
  });
  const booked = new Map(offering.enrolments.map((e) => [e.personId, e]));
  const persons = (staff.data?.items ?? []).filter((p) => p.removedAt === null);
  const names = new Map(persons.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));

  const submit = form.onSubmit(async (input) => {
    const { results } = await book.mutateAsync({ input, names, offering });
    const lines = results.map((r) => `${names.get(r.personId) ?? 'Person'}: ${stateText(r.state, r.waitlistPosition)}`);
    notify({ title: results.length === 1 ? 'Angemeldet' : `${results.length} Personen angemeldet`, message: lines.join(' · ') });
    onDone();
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate ref={form.formRef}>
      <Stack>
        <Text>{formatTimeSpan(offering.startsAt, offering.endsAt)}</Text>
        {offering.seatsLeft <= 0 && (
          <Alert color="orange" variant="light">
            Dieser Termin ist ausgebucht. Wer jetzt angemeldet wird, kommt auf die Warteliste und rückt nach, sobald ein Platz frei wird.
          </Alert>
        )}
        {limitText && <Text size="sm">{limitText}</Text>}
        <FormAlert failure={form.failure} />
        {staff.isPending ? (
          <Loader size="sm" aria-label="Personal wird geladen" />
        ) : staff.isError ? (
          <Text c="red.9" role="alert">
            Das Personal konnte nicht geladen werden.
          </Text>
        ) : persons.length === 0 ? (
          <Text>Bei euch ist noch kein Personal eingetragen. Trag es zuerst auf der Seite „Personal“ ein.</Text>
        ) : (
          <Checkbox.Group label="Wer nimmt teil?" description="Wähle eine oder mehrere Personen." {...form.field('personIds')}>
            <Stack gap="xs" mt="xs">
              {persons.map((p) => {
                const existing = booked.get(p.id);
                return (
                  <Checkbox
                    key={p.id}
                    value={String(p.id)}
                    disabled={existing !== undefined}
                    label={`${p.firstName} ${p.lastName}${existing ? ` (schon angemeldet: ${stateText(existing.state, existing.waitlistPosition)})` : ''}`}
                  />
                );
              })}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={book.isPending} disabled={persons.length === 0}>
            Verbindlich anmelden
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
