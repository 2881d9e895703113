import { Alert, Button, Checkbox, Group, List, Loader, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { passwordConfirmRequestSchema } from '../../../../shared/contracts/accounts';
import { useDeleteAccountMutation } from '../../api/delete-account';
import { useDeletionCheck } from '../../api/get-deletion-check';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';
import { SettingsSection } from './settings-section';

const LAST_MEMBER_CONFIRM = 'Bitte bestätige, dass du trotzdem löschen möchtest.';
const schema = passwordConfirmRequestSchema.extend({ confirmLastMember: z.boolean() });

function DeleteDialog({ opened, onClose, onDeleted }: { opened: boolean; onClose: () => void; onDeleted: (msg: string) => Promise<void> }) {
  const check = useDeletionCheck(opened);
  const mutation = useDeleteAccountMutation();
  const form = useSchemaForm({ schema, initialValues: { password: '', confirmLastMember: false } });
  const lastMemberOf = check.data?.lastMemberOf ?? [];
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (data) => {
    if (lastMemberOf.length > 0 && !data.confirmLastMember) return form.setErrors({ confirmLastMember: LAST_MEMBER_CONFIRM });
    await onDeleted((await mutation.mutateAsync(data)).msg);
  });

  return (
    <Modal opened={opened} onClose={close} title="Benutzerkonto löschen" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form noValidate ref={form.formRef} onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text>
            Dein Benutzerkonto und deine Einwilligungen werden gelöscht. Einträge deiner KiTa (Personal, Anmeldungen) bleiben bei der KiTa, ohne Bezug
            zu deinem Konto. Das lässt sich nicht rückgängig machen.
          </Text>
          {check.isPending && <Loader size="sm" role="status" aria-label="Wird geprüft" />}
          {lastMemberOf.length > 0 && (
            <Alert color="red" title="Du bist das letzte Mitglied" role="alert">
              <Text size="sm">Wenn du dein Konto löschst, kann niemand mehr die Daten dieser KiTas bearbeiten:</Text>
              <List size="sm" mt="xs">
                {lastMemberOf.map((facility) => (
                  <List.Item key={facility.id}>{facility.label}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {lastMemberOf.length > 0 && <Checkbox label="Ich möchte mein Konto trotzdem löschen." {...form.checkbox('confirmLastMember')} />}
          <FormAlert failure={form.failure} />
          <PasswordInput
            label="Passwort"
            autoComplete="current-password"
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': 'Eingabe anzeigen' }}
            {...form.input('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Abbrechen
            </Button>
            <Button type="submit" color="red" loading={mutation.isPending} disabled={check.isPending}>
              Konto endgültig löschen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Deletion needs the password; the last member of a KiTa is warned first (SPEC §4). */
export function DeleteAccountSection({ onDeleted }: { onDeleted: (msg: string) => Promise<void> }) {
  const [opened, setOpened] = useState(false);
  return (
    <SettingsSection title="Konto löschen">
      <Text size="sm">Wenn du das Portal nicht mehr nutzt, kannst du dein Benutzerkonto hier löschen.</Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Konto löschen …
        </Button>
      </Group>
      <DeleteDialog opened={opened} onClose={() => setOpened(false)} onDeleted={onDeleted} />
    </SettingsSection>
  );
}
