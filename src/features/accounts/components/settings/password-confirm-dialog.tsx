import { Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { passwordConfirmRequestSchema } from '../../../../shared/contracts/accounts';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { FormAlert } from '../../../../components/forms/form-alert';

const schema = passwordConfirmRequestSchema.extend({ confirmed: z.boolean() });

type Props = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  /** e.g. while a check the answer depends on is still running */
  disabled?: boolean;
  /** shown between the text and the password (a warning, a loader) */
  children?: ReactNode;
  /** a box to tick before confirming, with the message when it is not ticked; none when absent */
  confirmation?: { label: string; message: string } | null;
  onClose: () => void;
  onConfirm: (password: string, confirmed: boolean) => Promise<void>;
};

/**
 * Asks for the password before a sensitive change (second factor off, new recovery codes, the account's deletion):
 * the one password dialog of the settings.
 */
export function PasswordConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  danger,
  loading,
  disabled,
  children,
  confirmation,
  onClose,
  onConfirm,
}: Props) {
  const form = useSchemaForm({
    schema,
    initialValues: { password: '', confirmed: false },
    check: (values): Record<string, string> => (confirmation && !values.confirmed ? { confirmed: confirmation.message } : {}),
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async ({ password, confirmed }) => {
    await onConfirm(password, confirmed);
    form.reset();
  });
  return (
    <Modal opened={opened} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form noValidate ref={form.formRef} onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text>{text}</Text>
          {children}
          {confirmation && <Checkbox label={confirmation.label} {...form.checkbox('confirmed')} />}
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
            <Button type="submit" color={danger ? 'red' : undefined} loading={loading} disabled={disabled}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
