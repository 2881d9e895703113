import { Alert, Button, Group, List, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useDeleteAccountMutation } from '../../api/delete-account';
import { useDeletionCheck } from '../../api/get-deletion-check';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import { SettingsSection } from './settings-section';

const LAST_MEMBER_CONFIRMATION = {
  label: 'Ich möchte mein Konto trotzdem löschen.',
  message: 'Bitte bestätige, dass du trotzdem löschen möchtest.',
};

function DeleteDialog({ opened, onClose, onDeleted }: { opened: boolean; onClose: () => void; onDeleted: (msg: string) => Promise<void> }) {
  const check = useDeletionCheck(opened);
  const mutation = useDeleteAccountMutation();
  const lastMemberOf = check.data?.lastMemberOf ?? [];
  return (
    <PasswordConfirmDialog
      opened={opened}
      title="Benutzerkonto löschen"
      text="Dein Benutzerkonto und deine Einwilligungen werden gelöscht. Einträge deiner KiTa (Personal, Anmeldungen) bleiben bei der KiTa, ohne Bezug zu deinem Konto. Das lässt sich nicht rückgängig machen."
      confirmLabel="Konto endgültig löschen"
      danger
      loading={mutation.isPending}
      disabled={check.isPending}
      confirmation={lastMemberOf.length > 0 ? LAST_MEMBER_CONFIRMATION : null}
      onClose={onClose}
      onConfirm={async (password, confirmLastMember) => onDeleted((await mutation.mutateAsync({ password, confirmLastMember })).msg)}
    >
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
    </PasswordConfirmDialog>
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
