import { Modal, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { notify } from '../../../lib/notifications';
import { countText, toCount, useSchemaForm } from '../../../lib/use-schema-form';
import { trainingModuleInputSchema, type TrainingModule } from '../../../shared/contracts/admin-programme';
import { useModuleWrites } from '../api/training-modules';
import { currentSeasonId, seasonOptions, type SeasonOption } from './season-option';

type Props = { editing: TrainingModule | 'new' | null; seasons: SeasonOption[]; onClose: () => void };

/** A training module: title, description, target group and the limits per KiTa (per event, in the whole module). */
export function ModuleFormDialog({ editing, seasons, onClose }: Props) {
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? 'Neues Modul' : 'Modul bearbeiten'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      {editing !== null && <ModuleForm module={editing === 'new' ? null : editing} seasons={seasons} onDone={onClose} />}
    </Modal>
  );
}

function ModuleForm({ module, seasons, onDone }: { module: TrainingModule | null; seasons: SeasonOption[]; onDone: () => void }) {
  const { save } = useModuleWrites();
  const form = useSchemaForm({
    schema: trainingModuleInputSchema,
    initialValues: {
      seasonId: String(module?.seasonId ?? currentSeasonId(seasons) ?? ''),
      title: module?.title ?? '',
      description: module?.description ?? '',
      targetGroup: module?.targetGroup ?? '',
      maxPerFacilityPerEvent: countText(module?.maxPerFacilityPerEvent),
      maxPerFacilityPerModule: countText(module?.maxPerFacilityPerModule),
    },
    toInput: (v) => ({
      ...v,
      seasonId: v.seasonId ? Number(v.seasonId) : undefined,
      maxPerFacilityPerEvent: toCount(v.maxPerFacilityPerEvent),
      maxPerFacilityPerModule: toCount(v.maxPerFacilityPerModule),
    }),
  });
  const submit = form.onSubmit(async (input) => {
    const saved = await save.mutateAsync({ module, input });
    notify({ message: `Das Modul „${saved.title}“ ist gespeichert.` });
    onDone();
  });
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
        <TextInput label="Titel" withAsterisk {...form.input('title')} />
        <Textarea label="Beschreibung" rows={3} {...form.input('description')} />
        <TextInput label="Zielgruppe" description="z. B. „KiTas, die zum ersten Mal dabei sind“" {...form.input('targetGroup')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Höchstens Personen je KiTa und Termin"
            description="leer: keine Grenze"
            inputMode="numeric"
            {...form.input('maxPerFacilityPerEvent')}
          />
          <TextInput
            label="Höchstens Personen je KiTa im Modul"
            description="leer: keine Grenze"
            inputMode="numeric"
            {...form.input('maxPerFacilityPerModule')}
          />
        </SimpleGrid>
        <FormActions submitLabel="Speichern" submitting={save.isPending} onCancel={onDone} unsaved={form.dirty} />
      </Stack>
    </form>
  );
}
