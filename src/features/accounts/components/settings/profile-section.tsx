import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../lib/notifications';
import { profileUpdateRequestSchema, type AccountResponse } from '../../../../shared/contracts/accounts';
import { setAccount } from '../../api/get-account';
import { useUpdateProfileMutation } from '../../api/update-profile';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';
import { SettingsSection } from './settings-section';

type Props = { account: AccountResponse; onAccountChanged: (account: AccountResponse) => Promise<void> };

export function ProfileSection({ account, onAccountChanged }: Props) {
  const queryClient = useQueryClient();
  const mutation = useUpdateProfileMutation();
  const form = useSchemaForm({ schema: profileUpdateRequestSchema, initialValues: { firstName: account.firstName, lastName: account.lastName } });
  const submit = form.onSubmit(async (data) => {
    const next = await mutation.mutateAsync(data);
    setAccount(queryClient, next);
    await onAccountChanged(next);
    notify({ message: 'Dein Name ist gespeichert.' });
  });

  return (
    <SettingsSection title="Profil">
      <form noValidate ref={form.formRef} aria-label="Profil" onSubmit={(event) => void submit(event)}>
        <FormAlert failure={form.failure} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          <TextInput label="Vorname" autoComplete="given-name" {...form.input('firstName')} />
          <TextInput label="Nachname" autoComplete="family-name" {...form.input('lastName')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={mutation.isPending}>
            Name speichern
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
