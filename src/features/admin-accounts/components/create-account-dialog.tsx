import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { notify } from '../../../lib/notifications';
import { adminCreateUserRequestSchema } from '../../../shared/contracts/accounts';
import { useCreateAdminUser } from '../api/create-user';

export type AccountPerson = { id: number; firstName: string; lastName: string; email: string; facilityId: number };

type Props = { person: AccountPerson; opened: boolean; onClose: () => void; onCreated: () => void };

/** An account for a staff entry: linked to the person, member of its KiTa; the invitation mail sets the password. */
export function CreateAccountDialog({ person, opened, onClose, onCreated }: Props) {
  const form = useSchemaForm({
    schema: adminCreateUserRequestSchema,
    initialValues: { email: person.email },
    toInput: ({ email }) => ({
      email,
      firstName: person.firstName,
      lastName: person.lastName,
      personId: person.id,
      facilityId: person.facilityId,
    }),
  });
  const create = useCreateAdminUser();

  const submit = form.onSubmit(async (data) => {
    await create.mutateAsync(data);
    notify({ message: `Das Konto ist angelegt; die Einladung geht an ${data.email}.` });
    onCreated();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Benutzerkonto anlegen" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form onSubmit={(event) => void submit(event)} noValidate ref={form.formRef}>
        <Stack gap="sm">
          <FormAlert failure={form.failure} />
          <Text size="sm">{`${person.firstName} ${person.lastName} bekommt eine E-Mail mit einem Link, um ein Passwort zu wählen. Das Konto gehört dann zu ihrer bzw. seiner KiTa.`}</Text>
          <TextInput label="E-Mail" type="email" required {...form.input('email')} />
          <FormActions submitLabel="Konto anlegen und einladen" submitting={create.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
