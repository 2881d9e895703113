import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/forms/form-alert';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';

type Props = {
  opened: boolean;
  title: string;
  /** what happens, in one sentence ("… 12 Angemeldete bekommen eine E-Mail mit dem Grund.") */
  text: string;
  onClose: () => void;
  /** the call; its German reason is shown in the dialog when it fails */
  onCancel: (reason: string) => Promise<unknown>;
};

/** Calling off a date or an awarding event: a reason is required (it is mailed), "Abbrechen" keeps the focus first. */
export function CancelReasonDialog({ opened, title, text, onClose, onCancel }: Props) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit() {
    if (reason.trim() === '') return setReasonError('Bitte gib einen Grund für die Absage an.');
    setFailure(null);
    setBusy(true);
    try {
      await onCancel(reason);
      setReason('');
      onClose();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack>
        <Text>{text}</Text>
        <FormAlert failure={failure} />
        <Textarea
          label="Grund der Absage"
          withAsterisk
          rows={3}
          maxLength={500}
          value={reason}
          error={reasonError}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Abbrechen
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void submit()}>
            Ja, absagen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
