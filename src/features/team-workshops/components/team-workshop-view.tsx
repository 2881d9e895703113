import { Alert, Badge, Button, DataList, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataListItem } from '../../../components/data-list/data-list-item';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { teamWorkshopStateText, type TeamWorkshopApplication } from '../../../shared/contracts/team-workshops';
import { useTeamWorkshop } from '../api/get-team-workshop';
import { useWithdrawTeamWorkshop } from '../api/withdraw-team-workshop';
import { TeamWorkshopForm } from './team-workshop-form';

const stateColors: Record<TeamWorkshopApplication['state'], string> = { submitted: 'blue', accepted: 'teal', declined: 'red', scheduled: 'green' };

export const stateText = (a: Pick<TeamWorkshopApplication, 'state' | 'scheduledAt'>) => teamWorkshopStateText(a, formatDateTime);

function Summary({ application: a }: { application: TeamWorkshopApplication }) {
  return (
    <DataList labelWidth="14rem" withDivider maw={800}>
      <DataListItem label="Status" value={stateText(a)} />
      {a.decisionComment && <DataListItem label={a.state === 'declined' ? 'Begründung' : 'Kommentar'} value={a.decisionComment} />}
      <DataListItem label="Wunschtermine" value={a.preferredDates.map((d) => formatDate(d)).join(', ')} />
      <DataListItem label="Zahl der Teilnehmenden" value={a.participantCount} />
      <DataListItem label="Themenwünsche" value={a.topicWishes || '—'} />
      <DataListItem label="Ort" value={a.address ? `${a.address.street}, ${a.address.postalCode} ${a.address.city}` : 'in eurer KiTa'} />
      <DataListItem label="Anmerkungen" value={a.remarks || '—'} />
      <DataListItem label="Eingereicht" value={`am ${formatDate(a.createdAt)}${a.createdBy ? ` von ${a.createdBy.name}` : ''}`} />
    </DataList>
  );
}

/** /team-workshop-application: apply, see the state, change while eingereicht, withdraw while undecided. */
export function TeamWorkshopView({ facilityId }: { facilityId: number }) {
  const { data: status } = useTeamWorkshop(facilityId);
  const withdraw = useWithdrawTeamWorkshop(facilityId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { season, application, canChange, message } = status;

  if (!season)
    return (
      <Alert color="gray" role="note" title="Kein KiTa-Jahr aktiv">
        {message ?? 'Zurzeit ist kein KiTa-Jahr aktiv.'}
      </Alert>
    );

  async function confirmWithdraw() {
    if (!application) return;
    try {
      await withdraw.mutateAsync(application.version);
      setConfirming(false);
      notify({ message: 'Der Antrag ist zurückgezogen.' });
    } catch (error) {
      setConfirming(false);
      reportError(error, 'Der Antrag konnte nicht zurückgezogen werden.');
    }
  }

  return (
    <Stack gap="lg">
      <Group gap="sm">
        <Title order={2} size="h3">
          {season.label}
        </Title>
        <Badge color={application ? stateColors[application.state] : 'gray'} variant="light">
          {application ? stateText(application) : 'noch nicht beantragt'}
        </Badge>
      </Group>
      {message && (
        <Alert role="note" color="gray" title={application ? 'Änderungen nicht mehr möglich' : 'Antrag zurzeit nicht möglich'}>
          {message}
        </Alert>
      )}
      {application && !editing && (
        <>
          <Summary application={application} />
          {application.state === 'submitted' && (
            <Group>
              {canChange && <Button onClick={() => setEditing(true)}>Antrag ändern</Button>}
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Zurückziehen
              </Button>
            </Group>
          )}
        </>
      )}
      {canChange && (!application || editing) && (
        <>
          {!application && (
            <Text>
              Ein Team-Workshop kommt zu euch in die KiTa: Eine Referentin oder ein Referent arbeitet einen halben Tag mit eurem ganzen Team. Nenn uns
              bis zu drei Wunschtermine{season.deadline ? ` (Anträge bis ${formatDate(season.deadline)})` : ''}; wir melden uns mit einer Entscheidung
              per E-Mail.
            </Text>
          )}
          <TeamWorkshopForm
            key={application?.version ?? 'new'}
            facilityId={facilityId}
            application={application}
            onCancel={application ? () => setEditing(false) : undefined}
            onSaved={(_saved, created) => {
              setEditing(false);
              notify({
                title: created ? 'Eingereicht!' : undefined,
                message: created ? 'Dein Antrag auf einen Team-Workshop ist eingereicht.' : 'Der Antrag ist geändert.',
              });
            }}
          />
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Antrag zurückziehen?"
        confirmLabel="Ja, zurückziehen"
        danger
        loading={withdraw.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmWithdraw()}
      >
        Der Antrag auf einen Team-Workshop wird zurückgezogen. Du kannst danach einen neuen stellen.
      </ConfirmDialog>
    </Stack>
  );
}
