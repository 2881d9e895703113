import { Alert, Button, DataList, Group, Text } from '@mantine/core';
import { DataListItem } from '../../../components/data-list/data-list-item';
import { SeasonStepView } from '../../../components/season-step/season-step-view';
import { formatAddress, formatDate, formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { teamWorkshopStateText, type TeamWorkshopApplication } from '../../../shared/contracts/team-workshops';
import { useTeamWorkshop } from '../api/get-team-workshop';
import { useWithdrawTeamWorkshop } from '../api/withdraw-team-workshop';
import { TeamWorkshopForm } from './team-workshop-form';
import { useEditMode } from '../../../components/forms/use-edit-mode';

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
      <DataListItem label="Ort" value={a.address ? formatAddress(a.address) : 'in eurer KiTa'} />
      <DataListItem label="Anmerkungen" value={a.remarks || '—'} />
      <DataListItem label="Eingereicht" value={`am ${formatDate(a.createdAt)}${a.createdBy ? ` von ${a.createdBy.name}` : ''}`} />
    </DataList>
  );
}

/** /team-workshop-application: apply, see the state, change while eingereicht, withdraw while undecided. */
export function TeamWorkshopView({ facilityId }: { facilityId: number }) {
  const { data: status } = useTeamWorkshop(facilityId);
  const withdraw = useWithdrawTeamWorkshop(facilityId);
  const { editing, setEditing, openerRef } = useEditMode();
  const { application, canChange, message } = status;

  return (
    <SeasonStepView
      season={status.season}
      message={message}
      status={
        application ? { label: stateText(application), color: stateColors[application.state] } : { label: 'noch nicht beantragt', color: 'gray' }
      }
      withdrawal={() => ({
        title: 'Antrag zurückziehen?',
        confirmLabel: 'Ja, zurückziehen',
        text: 'Der Antrag auf einen Team-Workshop wird zurückgezogen. Du kannst danach einen neuen stellen.',
        run: application ? () => withdraw.mutateAsync(application.version) : null,
        pending: withdraw.isPending,
        done: 'Der Antrag ist zurückgezogen.',
        failed: 'Der Antrag konnte nicht zurückgezogen werden.',
      })}
    >
      {(season, askWithdraw) => (
        <>
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
                  {canChange && (
                    <Button ref={openerRef} onClick={() => setEditing(true)}>
                      Antrag ändern
                    </Button>
                  )}
                  <Button variant="default" color="red" onClick={askWithdraw}>
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
                  Ein Team-Workshop kommt zu euch in die KiTa: Eine Referentin oder ein Referent arbeitet einen halben Tag mit eurem ganzen Team. Nenn
                  uns bis zu drei Wunschtermine{season.deadline ? ` (Anträge bis ${formatDate(season.deadline)})` : ''}; wir melden uns mit einer
                  Entscheidung per E-Mail.
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
        </>
      )}
    </SeasonStepView>
  );
}
