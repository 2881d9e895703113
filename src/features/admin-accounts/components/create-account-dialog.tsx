import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmitFeedback } from '../../../lib/form-errors';
import { notify } from '../../../lib/notifications';
import { adminCreateUserRequestSchema } from '../../../shared/contracts/accounts';
import { useCreateAdminUser } from '../api/create-user';

export type AccountPerson = { id: number; first_name: string; last_name: string; email: string; facility_id: number };

type Props = { person: AccountPerson; opened: boolean; onClose: () => void; onCreated: () => void };

/** An account for a staff entry: linked to the person, member of its KiTa; the invitation mail sets the password. */
export function CreateAccountDialog({ person, opened, onClose, onCreated }: Props) {
  const [email, setEmail] = useState(person.email);
  const { errors, alert, parse, onFailure } = useSubmitFeedback();
  const create = useCreateAdminUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = parse(adminCreateUserRequestSchema, {
      email,
      firstName: person.first_name,
      lastName: person.last_name,
      personId: person.id,
      facilityId: person.facility_id,
    });
    if (data === null) return;
    create.mutate(data, {
      onSuccess: () => {
        notify({ message: `Das Konto ist angelegt; die Einladung geht an ${data.email}.` });
        onCreated();
        onClose();
      },
      onError: onFailure('Das Konto konnte nicht angelegt werden.'),
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Benutzerkonto anlegen" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {alert && (
            <Alert color="red" role="alert" title="Nicht angelegt">
              {alert}
            </Alert>
          )}
          <Text size="sm">{`${person.first_name} ${person.last_name} bekommt eine E-Mail mit einem Link, um ein Passwort zu wählen. Das Konto gehört dann zu ihrer bzw. seiner KiTa.`}</Text>
          <TextInput label="E-Mail" type="email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={create.isPending}>
              Konto anlegen und einladen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
