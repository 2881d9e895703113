import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { passwordConfirmRequestSchema } from '../../../../shared/contracts/accounts';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';

type Props = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
};

/** Asks for the password before a sensitive change (second factor off, new recovery codes). */
export function PasswordConfirmDialog({ opened, title, text, confirmLabel, danger, loading, onClose, onConfirm }: Props) {
  const form = useSchemaForm({ schema: passwordConfirmRequestSchema, initialValues: { password: '' } });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async ({ password }) => {
    await onConfirm(password);
    form.reset();
  });
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form noValidate ref={form.formRef} onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text>{text}</Text>
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
            <Button type="submit" color={danger ? 'red' : undefined} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
