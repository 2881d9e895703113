import { Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { GermanDateTimePicker } from '../../../components/forms/german-date-time-picker';
import { FormAlert } from '../../../components/forms/form-alert';
import { instantOfPickerValue, pickerValueOf } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { countText, toCount, useSchemaForm } from '../../../lib/use-schema-form';
import { awardingEventInputSchema, type AdminAwardingEvent } from '../../../shared/contracts/admin-programme';
import { regions } from '../../../shared/contracts/facility-lists';
import { useAwardingEventWrites } from '../api/awarding-events';
import { currentSeasonId, seasonOptions, type SeasonOption } from './season-option';

type Props = { editing: AdminAwardingEvent | 'new' | null; seasons: SeasonOption[]; onClose: () => void };

export function AwardingEventFormDialog({ editing, seasons, onClose }: Props) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Neue Auszeichnungsveranstaltung' : 'Auszeichnungsveranstaltung bearbeiten'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      {editing !== null && <EventForm event={editing === 'new' ? null : editing} seasons={seasons} onDone={onClose} />}
    </Modal>
  );
}

type DateKey = 'startsAt' | 'endsAt' | 'registrationOpensAt' | 'registrationClosesAt';

function EventForm({ event, seasons, onDone }: { event: AdminAwardingEvent | null; seasons: SeasonOption[]; onDone: () => void }) {
  const { save } = useAwardingEventWrites();
  const form = useSchemaForm({
    schema: awardingEventInputSchema,
    initialValues: {
      seasonId: String(event?.seasonId ?? currentSeasonId(seasons) ?? ''),
      title: event?.title ?? '',
      description: event?.description ?? '',
      startsAt: pickerValueOf(event?.startsAt),
      endsAt: pickerValueOf(event?.endsAt),
      place: event?.place ?? '',
      region: event?.region ?? '',
      maxAttendeesPerFacility: countText(event?.maxAttendeesPerFacility),
      registrationOpensAt: pickerValueOf(event?.registrationOpensAt),
      registrationClosesAt: pickerValueOf(event?.registrationClosesAt),
    },
    toInput: (v) => ({
      ...v,
      seasonId: v.seasonId ? Number(v.seasonId) : undefined,
      startsAt: instantOfPickerValue(v.startsAt) ?? undefined,
      endsAt: instantOfPickerValue(v.endsAt) ?? undefined,
      region: v.region || null,
      maxAttendeesPerFacility: toCount(v.maxAttendeesPerFacility),
      registrationOpensAt: instantOfPickerValue(v.registrationOpensAt),
      registrationClosesAt: instantOfPickerValue(v.registrationClosesAt),
    }),
  });
  const submit = form.onSubmit(async (input) => {
    const saved = await save.mutateAsync({ event, input });
    notify({ message: `„${saved.title}“ ist gespeichert.` });
    onDone();
  });
  const picker = (key: DateKey, label: string, required = false) => (
    <GermanDateTimePicker label={label} required={required} {...form.field(key)} onChange={(value) => form.setValue(key, value)} />
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <FormAlert failure={form.failure} />
        <NativeSelect
          label="KiTa-Jahr"
          withAsterisk
          data={[{ value: '', label: 'bitte wählen' }, ...seasonOptions(seasons)]}
          {...form.input('seasonId')}
        />
        <TextInput label="Titel" withAsterisk description="z. B. „Auszeichnung Nord“" {...form.input('title')} />
        <Textarea label="Beschreibung" rows={3} {...form.input('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker('startsAt', 'Beginn', true)}
          {picker('endsAt', 'Ende', true)}
          <TextInput label="Ort (Name und Adresse)" withAsterisk {...form.input('place')} />
          <NativeSelect label="Regierungsbezirk" data={[{ value: '', label: 'keiner' }, ...regions]} {...form.input('region')} />
          <TextInput
            label="Höchstens Personen je KiTa"
            description="leer: keine Grenze"
            inputMode="numeric"
            {...form.input('maxAttendeesPerFacility')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker('registrationOpensAt', 'Anmeldung ab')}
          {picker('registrationClosesAt', 'Anmeldeschluss')}
        </SimpleGrid>
        <FormActions submitLabel="Speichern" submitting={save.isPending} onCancel={onDone} unsaved={form.dirty} />
      </Stack>
    </form>
  );
}
