import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { isConflict } from '../../../lib/use-schema-form';
import { conflictMessage } from '../../../shared/contracts/common';
import { notify } from '../../../lib/notifications';
import { type AdminSeason } from '../../../shared/contracts/admin-seasons';
import { useMakeSeasonCurrent } from '../api/make-current';
import { useSetEnrolmentState } from '../api/set-enrolment-state';
import { seasonText } from '../../../shared/season-text';
import { PrepareNextDialog } from './prepare-next-dialog';

type Pending = 'open' | 'close' | 'current' | 'next' | null;

/** Per season: edit, open/close enrolment, make current; the last two ask first. */
export function SeasonRowActions({ season, onEdit }: { season: AdminSeason; onEdit: () => void }) {
  const [pending, setPending] = useState<Pending>(null);
  const setState = useSetEnrolmentState();
  const makeCurrent = useMakeSeasonCurrent();
  const isOpen = season.enrolment_state === 'open';

  const fail = (error: unknown, text: string) => {
    // a stale version gets the German conflict text; everything else the shared red notification
    if (isConflict(error)) notify({ message: conflictMessage, color: 'red', autoClose: 10_000 });
    else reportError(error, text);
  };

  const changeEnrolment = (state: 'open' | 'closed') =>
    setState.mutate(
      { id: season.id, version: season.version, state },
      {
        onSuccess: () =>
          notify({ message: `Die Anmeldung zu ${seasonText(season.identifier)} ist jetzt ${state === 'open' ? 'offen' : 'geschlossen'}.` }),
        onError: (error) => fail(error, 'Die Anmeldung konnte nicht geändert werden.'),
        onSettled: () => setPending(null),
      },
    );

  const confirmCurrent = () =>
    makeCurrent.mutate(season.id, {
      onSuccess: () => notify({ message: `${seasonText(season.identifier)} ist jetzt das aktuelle KiTa-Jahr.` }),
      onError: (error) => fail(error, 'Das KiTa-Jahr konnte nicht zum aktuellen gemacht werden.'),
      onSettled: () => setPending(null),
    });

  return (
    <Group gap="xs">
      <Button size="xs" variant="default" onClick={onEdit} aria-label={`${seasonText(season.identifier)} bearbeiten`}>
        Bearbeiten
      </Button>
      <Button size="xs" variant="default" onClick={() => setPending(isOpen ? 'close' : 'open')}>
        {isOpen ? `Anmeldung zu ${seasonText(season.identifier)} schließen` : `Anmeldung zu ${seasonText(season.identifier)} öffnen`}
      </Button>
      {!season.isCurrent && (
        <Button size="xs" variant="subtle" onClick={() => setPending('current')}>
          {`${seasonText(season.identifier)} zum aktuellen machen`}
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setPending('next')}
        aria-label={`Nächstes KiTa-Jahr vorbereiten (nach ${seasonText(season.identifier)})`}
      >
        Nächstes KiTa-Jahr vorbereiten
      </Button>
      <PrepareNextDialog season={season} opened={pending === 'next'} onClose={() => setPending(null)} />
      <ConfirmDialog
        opened={pending === 'open' || pending === 'close'}
        title={pending === 'close' ? 'Anmeldung schließen?' : 'Anmeldung öffnen?'}
        confirmLabel={pending === 'close' ? 'Ja, Anmeldung schließen' : 'Ja, Anmeldung öffnen'}
        danger={pending === 'close'}
        loading={setState.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => changeEnrolment(pending === 'close' ? 'closed' : 'open')}
      >
        {pending === 'close'
          ? `KiTas können sich dann nicht mehr zu ${seasonText(season.identifier)} anmelden oder ihre Anmeldung ändern.`
          : `KiTas können sich dann zu ${seasonText(season.identifier)} anmelden (bis zum Anmeldeschluss).`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={pending === 'current'}
        title="Aktuelles KiTa-Jahr wechseln?"
        confirmLabel={`Ja, ${seasonText(season.identifier)} zum aktuellen machen`}
        loading={makeCurrent.isPending}
        onClose={() => setPending(null)}
        onConfirm={confirmCurrent}
      >
        {`Alle KiTas sehen dann ${seasonText(season.identifier)} als aktuelles KiTa-Jahr: Anmeldung, Checkliste und alle Angebote richten sich danach.`}
      </ConfirmDialog>
    </Group>
  );
}
