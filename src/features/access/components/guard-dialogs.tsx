import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { FacilitySummary } from '../../../shared/contracts/auth';
import { useGuardDialog, useGuardStore } from '../hooks/use-guard-dialog';
import { FacilitySelectDialog } from './facility-select-dialog';
import { PersistentDialog } from './persistent-dialog';
import { seasonText } from '../../../shared/season-text';

export type GuardDialogsProps = {
  supportEmail: string;
  supportPhone: string;
  facilities: FacilitySummary[];
  activeFacilityId: number | null;
  seasonIdentifier: string;
  onSelectFacility: (facilityId: number) => void;
};

function SupportContact({ supportEmail, supportPhone }: Pick<GuardDialogsProps, 'supportEmail' | 'supportPhone'>) {
  if (!supportEmail && !supportPhone) return <>melde dich bei uns</>;
  return (
    <>
      melde dich bei uns
      {supportEmail && (
        <>
          {' '}
          per E-Mail an{' '}
          <Anchor href={`mailto:${supportEmail}`} underline="always">
            {supportEmail}
          </Anchor>
        </>
      )}
      {supportEmail && supportPhone && ' oder'}
      {supportPhone && (
        <>
          {' '}
          telefonisch unter{' '}
          <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} underline="always">
            {supportPhone}
          </Anchor>
        </>
      )}
    </>
  );
}

/** The dialogs route guards open (seed §8); their state lives in the guard store, not here. */
export function GuardDialogs(props: GuardDialogsProps) {
  const dialog = useGuardDialog();
  const guard = useGuardStore();
  const navigate = useNavigate();
  const goTo = (to: '/neue-kita' | '/kita-jahr-anmeldung' | '/einstellungen') => {
    guard.closeDialog();
    void navigate({ to });
  };

  if (!dialog) return null;
  switch (dialog.kind) {
    case 'no-facility':
      return (
        <PersistentDialog title="Wir kennen deine KiTa noch nicht." onCancel={guard.closeDialog}>
          <Stack>
            <Text>
              Deinem Benutzerkonto ist noch keine KiTa zugeordnet. Bitte deine Kolleginnen und Kollegen, dich in ihrer KiTa hinzuzufügen, oder{' '}
              <SupportContact supportEmail={props.supportEmail} supportPhone={props.supportPhone} />. Oder registriere deine KiTa jetzt.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.closeDialog} data-autofocus>
                Abbrechen.
              </Button>
              <Button onClick={() => goTo('/neue-kita')}>Ja, KiTa jetzt registrieren!</Button>
            </Group>
          </Stack>
        </PersistentDialog>
      );
    case 'not-enrolled':
      return (
        <PersistentDialog title="Deine KiTa ist noch nicht dabei!" onCancel={guard.closeDialog}>
          <Stack>
            <Text>Deine KiTa ist noch nicht zum aktuellen KiTa-Jahr {seasonText(dialog.seasonIdentifier || props.seasonIdentifier)} angemeldet.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.closeDialog} data-autofocus>
                Abbrechen.
              </Button>
              <Button onClick={() => goTo('/kita-jahr-anmeldung')}>Zur Anmeldung!</Button>
            </Group>
          </Stack>
        </PersistentDialog>
      );
    case 'missing-settings':
      return (
        <PersistentDialog title="Neue Einstellungen">
          <Stack>
            <Text>Hallo {dialog.firstName}, es gibt neue Einstellungen, über die du entscheiden musst:</Text>
            <List>
              {dialog.labels.map((label) => (
                <List.Item key={label}>{label}</List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => goTo('/einstellungen')}>Ok, mache ich.</Button>
            </Group>
          </Stack>
        </PersistentDialog>
      );
    case 'select-facility':
      return (
        <FacilitySelectDialog
          facilities={props.facilities}
          activeFacilityId={props.activeFacilityId}
          seasonIdentifier={props.seasonIdentifier}
          onCancel={guard.closeDialog}
          onSelect={(id) => {
            props.onSelectFacility(id);
            guard.closeDialog();
            void navigate({ to: '/' });
          }}
        />
      );
  }
}
