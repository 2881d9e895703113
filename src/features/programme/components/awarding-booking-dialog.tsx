import { Checkbox, Loader, Modal, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/forms/form-alert';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';
import { notify } from '../../../lib/notifications';
import type { AwardingEvent } from '../../../shared/contracts/programme';
import { useBookPersons } from '../api/book-persons';
import { useStaff } from '../api/get-staff';
import { stateText } from './offering-texts';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';

type Props = { facilityId: number; event: AwardingEvent | null; onClose: () => void };

/**
 * The awarding event's booking: the KiTa names attendees from its staff and a workshop for each; each workshop is
 * booked like any offering (POST enrolments {offeringId: workshopId, personIds}), so capacities and waiting lists apply.
 */
export function AwardingBookingDialog({ facilityId, event, onClose }: Props) {
  return (
    <Modal
      opened={event !== null}
      onClose={onClose}
      title={event ? `Anmelden: ${event.title}` : ''}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      {event && <AwardingForm facilityId={facilityId} event={event} onDone={onClose} />}
    </Modal>
  );
}

function AwardingForm({ facilityId, event, onDone }: { facilityId: number; event: AwardingEvent; onDone: () => void }) {
  const staff = useStaff(facilityId);
  const book = useBookPersons(facilityId);
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const captionId = useId();

  const booked = new Map(event.workshops.flatMap((w) => w.enrolments.map((e) => [e.personId, { ...e, workshop: w.title }] as const)));
  const persons = (staff.data?.items ?? []).filter((p) => p.removedAt === null);
  const names = new Map(persons.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const chosen = Object.keys(picked).map(Number);
  const limit = event.maxAttendeesPerFacility;
  const left = limit === null ? null : limit - booked.size;
  const open = event.workshops.filter((w) => w.state === 'published');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setFailure(null);
    const missing = Object.fromEntries(chosen.filter((id) => !picked[id]).map((id) => [id, 'Bitte wähle einen Workshop.']));
    setErrors(missing);
    if (chosen.length === 0) return setFailure({ message: 'Bitte wähle mindestens eine Person.', conflict: false });
    if (left !== null && chosen.length > left)
      return setFailure({ message: `Ihr dürft höchstens ${limit} Personen anmelden; noch ${Math.max(left, 0)} frei.`, conflict: false });
    if (Object.keys(missing).length > 0) {
      document.querySelector<HTMLSelectElement>(`[data-person="${Object.keys(missing)[0]}"]`)?.focus();
      return;
    }
    const byWorkshop = new Map<number, number[]>();
    for (const id of chosen) byWorkshop.set(Number(picked[id]), [...(byWorkshop.get(Number(picked[id])) ?? []), id]);
    setBusy(true);
    const lines: string[] = [];
    try {
      for (const [workshopId, personIds] of byWorkshop) {
        const offering = event.workshops.find((w) => w.id === workshopId)!;
        const { results } = await book.mutateAsync({ input: { offeringId: workshopId, personIds }, names, offering });
        for (const r of results) lines.push(`${names.get(r.personId) ?? 'Person'} (${offering.title}): ${stateText(r.state, r.waitlistPosition)}`);
      }
      notify({ title: 'Angemeldet', message: lines.join(' · ') });
      onDone();
    } catch (error) {
      // what was booked before the failure stays booked and shows on the page after the refetch
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        {limit !== null && (
          <Text>
            Je KiTa höchstens {limit} Personen{left !== null ? `; noch ${Math.max(left, 0)} frei` : ''}.
          </Text>
        )}
        <FormAlert failure={failure} />
        {staff.isPending ? (
          <Loader size="sm" aria-label="Personal wird geladen" />
        ) : persons.length === 0 ? (
          <Text>Bei euch ist noch kein Personal eingetragen. Trag es zuerst auf der Seite „Personal“ ein.</Text>
        ) : (
          <TableScrollRegion minWidth={520} labelledBy={captionId}>
            <Table captionSide="top">
              <Table.Caption id={captionId} style={{ textAlign: 'left' }}>
                Wer kommt, und zu welchem Workshop?
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Workshop</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {persons.map((p) => {
                  const existing = booked.get(p.id);
                  const name = names.get(p.id)!;
                  const on = picked[p.id] !== undefined;
                  return (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Checkbox
                          label={name}
                          disabled={existing !== undefined}
                          checked={existing !== undefined || on}
                          onChange={(e) => {
                            const checked = e.currentTarget.checked;
                            setPicked(({ [p.id]: _dropped, ...rest }) => (checked ? { ...rest, [p.id]: '' } : rest));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        {existing ? (
                          <Text size="sm">
                            {existing.workshop}: {stateText(existing.state, existing.waitlistPosition)}
                          </Text>
                        ) : (
                          <NativeSelect
                            label={`Workshop für ${name}`}
                            data-person={p.id}
                            disabled={!on}
                            data={[
                              { value: '', label: 'bitte wählen' },
                              ...open.map((w) => ({
                                value: String(w.id),
                                label: `${w.title} (${w.seatsLeft > 0 ? `${w.seatsLeft} frei` : 'Warteliste'})`,
                              })),
                            ]}
                            value={picked[p.id] ?? ''}
                            error={errors[p.id]}
                            onChange={(e) => {
                              const value = e.currentTarget.value;
                              setPicked((current) => ({ ...current, [p.id]: value }));
                            }}
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
        <FormActions submitLabel="Verbindlich anmelden" submitting={busy} onCancel={onDone} />
      </Stack>
    </form>
  );
}
