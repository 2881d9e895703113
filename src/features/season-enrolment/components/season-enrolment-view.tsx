import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '../../../lib/locale';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { useSeasonEnrolment } from '../api/get-season-enrolment';
import { useWithdrawSeasonEnrolment } from '../api/withdraw-season-enrolment';
import { EnrolmentForm, type ContactOption } from '../../../components/entity-forms/enrolment-form';
import { useSaveSeasonEnrolment } from '../api/save-season-enrolment';
import { EnrolmentSummary } from './enrolment-summary';

type Props = {
  facilityId: number;
  contacts: ContactOption[];
  /** `is_enrolled_to_cur_season` changed: the session and the guards must know at once */
  onEnrolledChange: (enrolled: boolean) => Promise<void> | void;
};

/** /kita-jahr-anmeldung: enrol, show, change until the deadline, withdraw; closed seasons say why. */
export function SeasonEnrolmentView({ facilityId, contacts, onEnrolledChange }: Props) {
  const { data: status } = useSeasonEnrolment(facilityId);
  const withdraw = useWithdrawSeasonEnrolment(facilityId);
  const save = useSaveSeasonEnrolment(facilityId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { season, enrolment, canChange: canChange, message } = status;

  if (!season) {
    return (
      <Alert color="gray" role="note" title="Kein KiTa-Jahr aktiv">
        {message ?? 'Zurzeit ist kein KiTa-Jahr aktiv.'}
      </Alert>
    );
  }
  const seasonLabel = season.label;
  const deadline = season.enrolmentDeadline ? `Anmeldeschluss ist der ${formatDate(season.enrolmentDeadline)}.` : '';

  async function confirmWithdraw() {
    if (!enrolment) return;
    try {
      await withdraw.mutateAsync(enrolment.version);
      setConfirming(false);
      notify({ message: `Die Anmeldung zum ${seasonLabel} ist zurückgezogen.` });
      await onEnrolledChange(false);
    } catch (error) {
      setConfirming(false);
      reportError(error, 'Die Anmeldung konnte nicht zurückgezogen werden.');
    }
  }

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2} size="h3">
          {season.label}
        </Title>
        <Badge color={enrolment ? 'green' : 'gray'} variant="light">
          {enrolment ? 'angemeldet' : 'noch nicht angemeldet'}
        </Badge>
      </Group>
      {!canChange && message && (
        <Alert
          role="note"
          color={enrolment ? 'gray' : 'yellow'}
          title={enrolment ? 'Änderungen nicht mehr möglich' : 'Anmeldung zurzeit nicht möglich'}
        >
          {message}
        </Alert>
      )}
      {enrolment && !editing && (
        <>
          <EnrolmentSummary enrolment={enrolment} />
          {canChange && (
            <Group>
              <Button onClick={() => setEditing(true)}>Anmeldung ändern</Button>
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Anmeldung zurückziehen
              </Button>
              <Text size="sm" c="dimmed">
                {deadline}
              </Text>
            </Group>
          )}
        </>
      )}
      {canChange && (!enrolment || editing) && (
        <>
          {!enrolment && (
            <Text>
              Melde deine KiTa zum {season.label} an. {deadline} Zum Programm gehören Team-Workshop, Fortbildungen, Hospitationen und der
              Dokumentationsbogen; nach der Anmeldung findest du alles dazu hier im Portal.
            </Text>
          )}
          <EnrolmentForm
            key={enrolment?.version ?? 'new'}
            enrolment={enrolment}
            contacts={contacts}
            aria-label={enrolment ? 'Anmeldung ändern' : 'Anmeldung zum KiTa-Jahr'}
            submitLabel={enrolment ? 'Änderungen speichern' : 'KiTa verbindlich anmelden'}
            onCancel={enrolment ? () => setEditing(false) : undefined}
            onSubmit={async (input) => {
              const saved = await save.mutateAsync({ ...input, ...(enrolment ? { version: enrolment.version } : {}) });
              const created = enrolment === null;
              setEditing(false);
              notify({
                title: created ? 'Angemeldet!' : undefined,
                message: created
                  ? `Deine KiTa ist zum ${season.label} angemeldet. Eine Bestätigung kommt per E-Mail.`
                  : 'Die Anmeldung ist geändert.',
              });
              if (created) void onEnrolledChange(saved.withdrawnAt === null);
            }}
          />
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Anmeldung zurückziehen?"
        confirmLabel="Ja, Anmeldung zurückziehen"
        danger
        loading={withdraw.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmWithdraw()}
      >
        {`Deine KiTa ist dann nicht mehr zum ${season.label} angemeldet. Solange die Anmeldung offen ist, kannst du sie neu anmelden.`}
      </ConfirmDialog>
    </Stack>
  );
}
