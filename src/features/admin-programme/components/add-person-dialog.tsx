import { Checkbox, Loader, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { adminBookingInputSchema, type AdminOffering } from '../../../shared/contracts/admin-programme';
import { enrolmentStateLabels } from '../../../shared/contracts/programme';
import { useAddEnrolment } from '../api/enrolments';
import { useFacilityStaff } from '../api/facility-staff';
import { FacilityChooser } from '../../../components/facility-chooser/facility-chooser';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** the date to add to; for an awarding event its workshops to choose from */
  offerings: AdminOffering[];
};

type Values = { offeringId: string; facilityId: string | null; personIds: string[]; overCapacity: boolean };

/** "Person hinzufügen": on a KiTa's behalf; pick the KiTa, then its staff; beyond capacity only with the override. */
export function AddPersonDialog({ opened, onClose, offerings }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Person hinzufügen" size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      {opened && <AddPersonForm offerings={offerings} onDone={onClose} />}
    </Modal>
  );
}

function AddPersonForm({ offerings, onDone }: { offerings: AdminOffering[]; onDone: () => void }) {
  const add = useAddEnrolment();
  const form = useSchemaForm({
    schema: adminBookingInputSchema,
    initialValues: {
      offeringId: offerings.length === 1 ? String(offerings[0]!.id) : '',
      facilityId: null,
      personIds: [],
      overCapacity: false,
    } as Values,
    toInput: (v) => ({
      facilityId: v.facilityId ? Number(v.facilityId) : undefined,
      personIds: v.personIds.map(Number),
      overCapacity: v.overCapacity,
    }),
    check: (v): Record<string, string> => (v.offeringId ? {} : { offeringId: 'Bitte wähle einen Workshop.' }),
  });
  const facilityId = form.values.facilityId ? Number(form.values.facilityId) : null;
  const staff = useFacilityStaff(facilityId);
  const persons = (staff.data?.persons ?? []).filter((p) => p.removedAt === null);
  const names = new Map(persons.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));

  const submit = form.onSubmit(async (input) => {
    const { results } = await add.mutateAsync({ offeringId: Number(form.values.offeringId), input });
    const lines = results.map(
      (r) =>
        `${names.get(r.personId) ?? 'Person'}: ${r.state === 'waitlisted' ? `Warteliste Platz ${r.waitlistPosition ?? '?'}` : enrolmentStateLabels[r.state]}`,
    );
    notify({ title: 'Hinzugefügt', message: lines.join(' · ') });
    onDone();
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate ref={form.formRef}>
      <Stack>
        <FormAlert failure={form.failure} />
        {offerings.length > 1 && (
          <NativeSelect
            label="Workshop"
            data={[
              { value: '', label: 'bitte wählen' },
              ...offerings.map((o) => ({ value: String(o.id), label: `${o.title}, ${formatDateTime(o.startsAt)} (${o.seatsFree} frei)` })),
            ]}
            {...form.input('offeringId')}
          />
        )}
        <FacilityChooser
          label="KiTa"
          data-path="facilityId"
          value={form.values.facilityId}
          error={form.errors.facilityId}
          onChange={(value) => form.patch({ facilityId: value, personIds: [] })}
        />
        {facilityId !== null &&
          (staff.isPending ? (
            <Loader size="sm" aria-label="Personal wird geladen" />
          ) : persons.length === 0 ? (
            <Text>Bei dieser KiTa ist kein Personal eingetragen.</Text>
          ) : (
            <Checkbox.Group label="Personal der KiTa" {...form.field('personIds')}>
              <Stack gap="xs" mt="xs">
                {persons.map((p) => (
                  <Checkbox key={p.id} value={String(p.id)} label={`${p.firstName} ${p.lastName} (${p.position})`} />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        <Checkbox
          label="Auch über die Kapazität hinaus anmelden"
          description="Sonst kommt, wer keinen Platz mehr bekommt, auf die Warteliste. Das Protokoll hält fest, wer die Grenze überschritten hat."
          {...form.checkbox('overCapacity')}
        />
        <FormActions submitLabel="Hinzufügen" submitting={add.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
