import { Alert, Button, Group, Text } from '@mantine/core';
import { SeasonStepView } from '../../../components/season-step/season-step-view';
import { formatDate } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { useSeasonEnrolment } from '../api/get-season-enrolment';
import { useWithdrawSeasonEnrolment } from '../api/withdraw-season-enrolment';
import { EnrolmentForm, type ContactOption } from '../../../components/entity-forms/enrolment-form';
import { useSaveSeasonEnrolment } from '../api/save-season-enrolment';
import { EnrolmentSummary } from './enrolment-summary';
import { useEditMode } from '../../../components/forms/use-edit-mode';

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
  const { editing, setEditing, openerRef } = useEditMode();
  const { enrolment, canChange, message } = status;

  return (
    <SeasonStepView
      season={status.season}
      message={message}
      status={enrolment ? { label: 'angemeldet', color: 'green' } : { label: 'noch nicht angemeldet', color: 'gray' }}
      withdrawal={(season) => ({
        title: 'Anmeldung zurückziehen?',
        confirmLabel: 'Ja, Anmeldung zurückziehen',
        text: `Deine KiTa ist dann nicht mehr zum ${season.label} angemeldet. Solange die Anmeldung offen ist, kannst du sie neu anmelden.`,
        run: enrolment ? () => withdraw.mutateAsync(enrolment.version) : null,
        pending: withdraw.isPending,
        done: `Die Anmeldung zum ${season.label} ist zurückgezogen.`,
        failed: 'Die Anmeldung konnte nicht zurückgezogen werden.',
        onDone: () => onEnrolledChange(false),
      })}
    >
      {(season, askWithdraw) => {
        const deadline = season.enrolmentDeadline ? `Anmeldeschluss ist der ${formatDate(season.enrolmentDeadline)}.` : '';
        return (
          <>
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
                    <Button ref={openerRef} onClick={() => setEditing(true)}>
                      Anmeldung ändern
                    </Button>
                    <Button variant="default" color="red" onClick={askWithdraw}>
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
          </>
        );
      }}
    </SeasonStepView>
  );
}
