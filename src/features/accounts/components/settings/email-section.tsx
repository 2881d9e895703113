import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../../lib/notifications';
import { emailChangeRequestSchema, type AccountResponse } from '../../../../shared/contracts/accounts';
import { invalidateAccount } from '../../api/get-account';
import { useRequestEmailChangeMutation } from '../../api/request-email-change';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';
import { SettingsSection } from './settings-section';

/** A new address counts only once the link mailed to it is opened; the old address is told. */
export function EmailSection({ account }: { account: AccountResponse }) {
  const queryClient = useQueryClient();
  const mutation = useRequestEmailChangeMutation();
  const form = useSchemaForm({ schema: emailChangeRequestSchema, initialValues: { newEmail: '', password: '' } });
  const submit = form.onSubmit(async (data) => {
    const answer = await mutation.mutateAsync(data);
    form.reset();
    notify({ message: answer.msg, autoClose: 10_000 });
    await invalidateAccount(queryClient);
  });

  return (
    <SettingsSection title="E-Mail-Adresse ändern">
      <Text>
        Du meldest dich mit <strong>{account.email}</strong> an.
      </Text>
      {account.pendingEmail && (
        <Alert color="blue" title="Wartet auf Bestätigung" role="status">
          Wir haben einen Bestätigungslink an {account.pendingEmail} geschickt. Erst wenn du ihn öffnest, gilt die neue Adresse.
        </Alert>
      )}
      <form noValidate ref={form.formRef} aria-label="E-Mail-Adresse ändern" onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormAlert failure={form.failure} />
          <TextInput label="Neue E-Mail-Adresse" type="email" autoComplete="email" {...form.input('newEmail')} />
          <PasswordInput
            label="Dein Passwort zur Bestätigung"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
            {...form.input('password')}
          />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Bestätigungslink schicken
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
