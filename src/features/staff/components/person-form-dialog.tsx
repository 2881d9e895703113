import { Alert, Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { notify } from '../../../lib/notifications';
import { useZodForm } from '../../../lib/use-zod-form';
import { personPositions, salutations } from '../../../shared/contracts/facility-lists';
import { personInputSchema, type Person } from '../../../shared/contracts/persons';
import { useCreatePerson } from '../api/create-person';
import { useUpdatePerson } from '../api/update-person';

type Props = {
  facilityId: number;
  /** null: add a new person */
  person: Person | null;
  onClose: () => void;
};

const valuesOf = (person: Person | null) => ({
  salutation: person?.salutation ?? 'keine Angabe',
  first_name: person?.first_name ?? '',
  last_name: person?.last_name ?? '',
  email: person?.email ?? '',
  phone: person?.phone ?? '',
  position: person?.position ?? '',
});

/** Add or edit one staff member; a 409 keeps the input and says so in German. */
export function PersonFormDialog({ facilityId, person, onClose }: Props) {
  const form = useZodForm({ schema: personInputSchema, initialValues: valuesOf(person) });
  const create = useCreatePerson(facilityId);
  const update = useUpdatePerson(facilityId);
  const [conflict, setConflict] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const name = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.parse();
    if (!input) return;
    try {
      if (person) {
        await update.mutateAsync({ personId: person.id, input: { ...input, version: person.version } });
        notify({ message: `Die Angaben zu ${name(input)} sind gespeichert.` });
      } else {
        await create.mutateAsync(input);
        notify({ message: `${name(input)} steht jetzt im Personal.` });
      }
      onClose();
    } catch (error) {
      form.showSaveError(error, { onConflict: setConflict, fallback: 'Die Angaben konnten nicht gespeichert werden.' });
    }
  }

  const select = (key: 'salutation' | 'position') => ({
    value: form.values[key],
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(key, event.currentTarget.value),
    error: form.errors[key],
    name: key,
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={person ? `${name(person)} bearbeiten` : 'Person hinzufügen'}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      <form onSubmit={onSubmit} noValidate ref={form.formRef}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label="Anrede" data={[...salutations]} {...select('salutation')} />
            <NativeSelect
              label="Funktion"
              required
              data={[{ value: '', label: 'Bitte wählen …' }, ...personPositions.map((p) => ({ value: p, label: p }))]}
              {...select('position')}
            />
            <TextInput label="Vorname" required data-autofocus {...form.textProps('first_name')} />
            <TextInput label="Nachname" required {...form.textProps('last_name')} />
            <TextInput label="E-Mail" type="email" description="Nötig, um die Person einzuladen." {...form.textProps('email')} />
            <TextInput label="Telefon" type="tel" {...form.textProps('phone')} />
          </SimpleGrid>
          {conflict && (
            <Alert color="orange" role="alert" title="Jemand war schneller">
              {conflict}
            </Alert>
          )}
          <FormErrorSummary errors={form.errors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Abbrechen
            </Button>
            <Button type="submit" loading={pending}>
              {person ? 'Speichern' : 'Hinzufügen'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
