import { Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/forms/form-alert';
import { reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';
import type { AdminOffering } from '../../../shared/contracts/admin-programme';
import { useOfferingState } from '../api/offering-state';

type Props = { offering: AdminOffering; onEdit: (o: AdminOffering) => void };

/** Bearbeiten, Veröffentlichen (drafts), Kopieren, Absagen (with a reason that is mailed to the participants). */
export function OfferingRowActions({ offering, onEdit }: Props) {
  const { publish, copy, cancel } = useOfferingState();
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const label = `${offering.title}, ${formatDateTime(offering.startsAt)}`;

  const doPublish = () =>
    publish.mutate(offering, {
      onSuccess: () => notify({ message: `„${offering.title}“ ist veröffentlicht; die KiTas sehen den Termin jetzt.` }),
      onError: (error) => reportError(error, `„${offering.title}“ konnte nicht veröffentlicht werden.`),
    });
  const doCopy = () =>
    copy.mutate(offering, {
      onSuccess: (created) => {
        notify({ message: `Kopie als Entwurf angelegt.` });
        onEdit(created);
      },
      onError: (error) => reportError(error, `„${offering.title}“ konnte nicht kopiert werden.`),
    });
  const doCancel = () => {
    if (reason.trim() === '') return setReasonError('Bitte gib einen Grund für die Absage an.');
    setFailure(null);
    cancel.mutate(
      { offering, reason },
      {
        onSuccess: () => {
          notify({ message: `„${offering.title}“ ist abgesagt; die Angemeldeten bekommen eine E-Mail.` });
          setCancelling(false);
        },
        onError: (error) => setFailure(failureOf(error)),
      },
    );
  };

  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Button size="xs" variant="default" onClick={() => onEdit(offering)} aria-label={`${label} bearbeiten`}>
          Bearbeiten
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" aria-label={`Weitere Aktionen für ${label}`} loading={publish.isPending || copy.isPending}>
              Mehr …
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {offering.state === 'draft' && <Menu.Item onClick={doPublish}>Veröffentlichen</Menu.Item>}
            <Menu.Item onClick={doCopy}>Kopieren</Menu.Item>
            {offering.state !== 'cancelled' && (
              <Menu.Item color="red.9" onClick={() => setCancelling(true)}>
                Absagen …
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Modal opened={cancelling} onClose={() => setCancelling(false)} title="Termin absagen?" closeButtonProps={{ 'aria-label': 'Schließen' }}>
        <Stack>
          <Text>
            „{offering.title}“ am {formatDateTime(offering.startsAt)} wird abgesagt. {offering.seatsTaken + offering.waitlistLength} Angemeldete bekommen eine E-Mail mit dem Grund.
          </Text>
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
            <Button variant="default" onClick={() => setCancelling(false)} data-autofocus>
              Abbrechen
            </Button>
            <Button color="red.9" loading={cancel.isPending} onClick={doCancel}>
              Ja, absagen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
