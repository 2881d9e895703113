import { Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { GermanDateTimePicker } from '../../../components/forms/german-date-time-picker';
import { FormAlert } from '../../../components/forms/form-alert';
import { instantOfPickerValue, pickerValueOf } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { countText, toCount, useSchemaForm } from '../../../lib/use-schema-form';
import { offeringInputSchema, type AdminOffering } from '../../../shared/contracts/admin-programme';
import { regions } from '../../../shared/contracts/facility-lists';
import type { OfferingKind } from '../../../shared/contracts/programme';
import { useAwardingEvents } from '../api/awarding-events';
import { useSaveOffering } from '../api/save-offering';
import { useTrainingModules } from '../api/training-modules';
import { FacilityChooser } from '../../../components/facility-chooser/facility-chooser';
import { currentSeasonId, seasonOptions, type SeasonOption } from './season-option';

export const OFFERING_NOUN: Record<OfferingKind, { new: string; edit: string }> = {
  training: { new: 'Neuer Fortbildungstermin', edit: 'Fortbildungstermin bearbeiten' },
  hospitation: { new: 'Neue Hospitation', edit: 'Hospitation bearbeiten' },
  awarding: { new: 'Neuer Workshop', edit: 'Workshop bearbeiten' },
};

type Props = {
  kind: OfferingKind;
  /** 'new', an offering to edit, or null (closed) */
  editing: AdminOffering | 'new' | null;
  seasons: SeasonOption[];
  onClose: () => void;
  /** preset for a new one (e.g. the module or awarding event the list is filtered by) */
  preset?: { moduleId?: number | undefined; awardingEventId?: number | undefined; seasonId?: number | undefined };
};

export function OfferingFormDialog({ kind, editing, seasons, onClose, preset }: Props) {
  const title = editing === 'new' ? OFFERING_NOUN[kind].new : OFFERING_NOUN[kind].edit;
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="xl" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      {editing !== null && (
        <OfferingForm kind={kind} offering={editing === 'new' ? null : editing} seasons={seasons} onDone={onClose} preset={preset} />
      )}
    </Modal>
  );
}

type Values = {
  seasonId: string;
  moduleId: string;
  hostFacilityId: string | null;
  awardingEventId: string;
  title: string;
  description: string;
  startsAt: string | null;
  endsAt: string | null;
  place: string;
  onlineUrl: string;
  region: string;
  capacity: string | number;
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  reminderDays: string | number;
};

const idOrNull = (v: string | null) => (v ? Number(v) : null);

function initialValues(o: AdminOffering | null, seasons: SeasonOption[], preset: Props['preset']): Values {
  return {
    seasonId: String(o?.seasonId ?? preset?.seasonId ?? currentSeasonId(seasons) ?? ''),
    moduleId: String(o?.moduleId ?? preset?.moduleId ?? ''),
    hostFacilityId: o?.hostFacilityId ? String(o.hostFacilityId) : null,
    awardingEventId: String(o?.awardingEventId ?? preset?.awardingEventId ?? ''),
    title: o?.title ?? '',
    description: o?.description ?? '',
    startsAt: pickerValueOf(o?.startsAt),
    endsAt: pickerValueOf(o?.endsAt),
    place: o?.place ?? '',
    onlineUrl: o?.onlineUrl ?? '',
    region: o?.region ?? '',
    capacity: countText(o?.capacity),
    registrationOpensAt: pickerValueOf(o?.registrationOpensAt),
    registrationClosesAt: pickerValueOf(o?.registrationClosesAt),
    reminderDays: countText(o?.reminderDays ?? 7),
  };
}

function OfferingForm({
  kind,
  offering,
  seasons,
  onDone,
  preset,
}: {
  kind: OfferingKind;
  offering: AdminOffering | null;
  seasons: SeasonOption[];
  onDone: () => void;
  preset: Props['preset'];
}) {
  const save = useSaveOffering();
  const form = useSchemaForm({
    schema: offeringInputSchema,
    initialValues: initialValues(offering, seasons, preset),
    toInput: (v) => ({
      kind,
      seasonId: v.seasonId ? Number(v.seasonId) : undefined,
      moduleId: kind === 'training' ? idOrNull(v.moduleId) : null,
      hostFacilityId: kind === 'hospitation' ? idOrNull(v.hostFacilityId) : null,
      awardingEventId: kind === 'awarding' ? idOrNull(v.awardingEventId) : null,
      title: v.title,
      description: v.description,
      startsAt: instantOfPickerValue(v.startsAt) ?? undefined,
      endsAt: instantOfPickerValue(v.endsAt) ?? undefined,
      place: v.place,
      onlineUrl: v.onlineUrl,
      region: v.region || null,
      capacity: toCount(String(v.capacity)) ?? undefined,
      registrationOpensAt: instantOfPickerValue(v.registrationOpensAt),
      registrationClosesAt: instantOfPickerValue(v.registrationClosesAt),
      reminderDays: toCount(String(v.reminderDays)) ?? undefined,
    }),
    // the contract's cross-field rules run only once every field parses; these say it at the first submit
    check: (v): Record<string, string> => {
      if (kind === 'training' && !v.moduleId) return { moduleId: 'Bitte wähle ein Modul.' };
      if (kind === 'hospitation' && !v.hostFacilityId) return { hostFacilityId: 'Bitte wähle die gastgebende KiTa.' };
      if (kind === 'awarding' && !v.awardingEventId) return { awardingEventId: 'Bitte wähle die Auszeichnungsveranstaltung.' };
      return {};
    },
  });
  const seasonId = form.values.seasonId ? Number(form.values.seasonId) : undefined;
  const modules = useTrainingModules(seasonId);
  const events = useAwardingEvents(seasonId);

  const submit = form.onSubmit(async (input) => {
    const saved = await save.mutateAsync({ id: offering?.id ?? null, input, version: offering?.version });
    notify({
      message: offering ? `„${saved.title}“ ist gespeichert.` : `„${saved.title}“ ist als Entwurf angelegt. Veröffentliche ihn, wenn alles stimmt.`,
    });
    onDone();
  });

  const picker = (key: 'startsAt' | 'endsAt' | 'registrationOpensAt' | 'registrationClosesAt', label: string, required = false) => (
    <GermanDateTimePicker label={label} required={required} {...form.field(key)} onChange={(value) => form.setValue(key, value)} />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <FormAlert failure={form.failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="KiTa-Jahr"
            withAsterisk
            data={[{ value: '', label: 'bitte wählen' }, ...seasonOptions(seasons)]}
            {...form.input('seasonId')}
          />
          {kind === 'training' && (
            <NativeSelect
              label="Modul"
              withAsterisk
              data={[
                { value: '', label: modules.isPending ? 'wird geladen …' : 'bitte wählen' },
                ...(modules.data?.items ?? []).map((m) => ({ value: String(m.id), label: m.title })),
              ]}
              {...form.input('moduleId')}
            />
          )}
          {kind === 'awarding' && (
            <NativeSelect
              label="Auszeichnungsveranstaltung"
              withAsterisk
              data={[
                { value: '', label: events.isPending ? 'wird geladen …' : 'bitte wählen' },
                ...(events.data?.items ?? []).map((e) => ({ value: String(e.id), label: e.title })),
              ]}
              {...form.input('awardingEventId')}
            />
          )}
          {kind === 'hospitation' && (
            <FacilityChooser
              label="Gastgebende KiTa"
              data-path="hostFacilityId"
              value={form.values.hostFacilityId}
              initialLabel={offering?.hostFacilityLabel ?? null}
              error={form.errors.hostFacilityId}
              onChange={(value) => form.setValue('hostFacilityId', value)}
            />
          )}
        </SimpleGrid>
        <TextInput label="Titel" withAsterisk {...form.input('title')} />
        <Textarea label={kind === 'hospitation' ? 'Was der Besuch zeigt' : 'Beschreibung'} rows={3} {...form.input('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker('startsAt', 'Beginn', true)}
          {picker('endsAt', 'Ende', true)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={kind === 'hospitation' ? 'Treffpunkt (leer: Adresse der KiTa)' : 'Ort (Name und Adresse)'} {...form.input('place')} />
          <TextInput label="Online-Link" description="leer, wenn vor Ort" type="url" {...form.input('onlineUrl')} />
          <NativeSelect label="Regierungsbezirk" data={[{ value: '', label: 'keiner' }, ...regions]} {...form.input('region')} />
          <NumberInput
            label="Plätze"
            withAsterisk
            min={1}
            allowDecimal={false}
            {...form.field('capacity')}
            onChange={(v) => form.setValue('capacity', v)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {picker('registrationOpensAt', 'Anmeldung ab')}
          {picker('registrationClosesAt', 'Anmeldeschluss')}
          <NumberInput
            label="Erinnerung (Tage vorher)"
            min={0}
            max={60}
            allowDecimal={false}
            {...form.field('reminderDays')}
            onChange={(v) => form.setValue('reminderDays', v)}
          />
        </SimpleGrid>
        <FormActions submitLabel="Speichern" submitting={save.isPending} onCancel={onDone} unsaved={form.dirty} />
      </Stack>
    </form>
  );
}
