import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmitFeedback } from '../../../lib/form-errors';
import { notify } from '../../../lib/notifications';
import { personPositions, salutations } from '../../../shared/contracts/facility-lists';
import { personUpdateSchema, type Person } from '../../../shared/contracts/persons';
import { useUpdateAdminPerson } from '../api/update-person';

type Values = Pick<Person, 'salutation' | 'first_name' | 'last_name' | 'email' | 'phone' | 'position'>;

/** Edit a staff entry on the KiTa's behalf; a stale version (409) is told in German and the input kept. */
export function PersonForm({ person, onDone }: { person: Person; onDone: () => void }) {
  const [values, setValues] = useState<Values>({
    salutation: person.salutation,
    first_name: person.first_name,
    last_name: person.last_name,
    email: person.email,
    phone: person.phone,
    position: person.position,
  });
  const { errors, alert, setAlert, parse, onFailure } = useSubmitFeedback();
  const update = useUpdateAdminPerson();
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = parse(personUpdateSchema, { ...values, version: person.version });
    if (data === null) return;
    setAlert(null);
    update.mutate(
      { id: person.id, input: data },
      {
        onSuccess: () => {
          notify({ message: 'Die Person ist gespeichert.' });
          onDone();
        },
        onError: onFailure('Die Person konnte nicht gespeichert werden.'),
      },
    );
  };

  const text = (key: 'first_name' | 'last_name' | 'email' | 'phone', label: string, required = false) => (
    <TextInput label={label} required={required} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Person bearbeiten">
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert" title="Nicht gespeichert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <NativeSelect label="Anrede" data={[...salutations]} value={values.salutation} onChange={(e) => set('salutation', e.currentTarget.value)} error={errors.salutation} />
          {text('first_name', 'Vorname', true)}
          {text('last_name', 'Nachname', true)}
          {text('email', 'E-Mail')}
          {text('phone', 'Telefon')}
          <NativeSelect label="Funktion" data={[...personPositions]} value={values.position} onChange={(e) => set('position', e.currentTarget.value)} error={errors.position} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={update.isPending}>
            Person speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
