import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import type { AdminOffering } from '../../../shared/contracts/admin-programme';
import { useOfferingState } from '../api/offering-state';
import { CancelReasonDialog } from './cancel-reason-dialog';

type Props = { offering: AdminOffering; onEdit: (o: AdminOffering) => void };

/** Bearbeiten, Veröffentlichen (drafts), Kopieren, Absagen (with a reason that is mailed to the participants). */
export function OfferingRowActions({ offering, onEdit }: Props) {
  const { publish, copy, cancel } = useOfferingState();
  const [cancelling, setCancelling] = useState(false);
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
  return (
    <>
      {/* one menu button, so the row's actions stay narrow and the seats column fits at 1280 px */}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="xs" variant="default" aria-label={`Aktionen für ${label}`} loading={publish.isPending || copy.isPending}>
            Aktionen …
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => onEdit(offering)}>Bearbeiten</Menu.Item>
          {offering.state === 'draft' && <Menu.Item onClick={doPublish}>Veröffentlichen</Menu.Item>}
          <Menu.Item onClick={doCopy}>Kopieren</Menu.Item>
          {offering.state !== 'cancelled' && (
            <Menu.Item color="red.9" onClick={() => setCancelling(true)}>
              Absagen …
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <CancelReasonDialog
        opened={cancelling}
        title="Termin absagen?"
        text={`„${offering.title}“ am ${formatDateTime(offering.startsAt)} wird abgesagt. ${offering.seatsTaken + offering.waitlistLength} Angemeldete bekommen eine E-Mail mit dem Grund.`}
        onClose={() => setCancelling(false)}
        onCancel={async (reason) => {
          await cancel.mutateAsync({ offering, reason });
          notify({ message: `„${offering.title}“ ist abgesagt; die Angemeldeten bekommen eine E-Mail.` });
        }}
      />
    </>
  );
}
