import { DataListItem } from '../../../components/data-list/data-list-item';
import '../../../lib/dates-styles';
import { Alert, Button, DataList, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { FormAlert } from '../../../components/forms/form-alert';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { GermanDateInput } from '../../../components/forms/german-date-input';
import { notify } from '../../../lib/notifications';
import { formatAddress, formatDate, formatDateTime, TIME_PICKER_PROPS, berlinInstantText } from '../../../lib/locale';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  teamWorkshopDecisionSchema,
  teamWorkshopStateText,
  type TeamWorkshopApplication,
  type TeamWorkshopDetail,
} from '../../../shared/contracts/team-workshops';
import { useDecideTeamWorkshop } from '../api/decide-team-workshop';
import { useTeamWorkshopDetail } from '../api/get-team-workshop';

export const stateText = (a: Pick<TeamWorkshopApplication, 'state' | 'scheduledAt'>) => teamWorkshopStateText(a, formatDateTime);

type Decision = 'accept' | 'decline' | 'schedule';
const choices: { value: Decision; label: string; from: TeamWorkshopApplication['state'][] }[] = [
  { value: 'accept', label: 'Annehmen', from: ['submitted'] },
  { value: 'schedule', label: 'Terminieren', from: ['submitted', 'accepted'] },
  { value: 'decline', label: 'Ablehnen', from: ['submitted', 'accepted'] },
];

type Values = { decision: string; comment: string; date: string | null; time: string };

/** date and time as Berlin wall-clock time, sent as an instant with its offset */
const berlinInstant = (date: string | null, time: string) => {
  // the picker answers HH:mm:ss once hours and minutes are set
  // (berlinInstantText refuses what is no real day)
  if (!date || !/^\d{2}:\d{2}(:\d{2})?$/.test(time)) return undefined;
  return berlinInstantText(date, time.slice(0, 5)) ?? undefined;
};

function DecisionForm({ detail, onDone }: { detail: TeamWorkshopDetail; onDone: () => void }) {
  const a = detail.application;
  const decide = useDecideTeamWorkshop(a.id);
  const form = useSchemaForm({
    schema: teamWorkshopDecisionSchema,
    initialValues: { decision: '', comment: '', date: a.preferredDates[0] ?? null, time: '09:00:00' } as Values,
    toInput: (v) => ({
      decision: v.decision || undefined,
      comment: v.comment,
      scheduledAt: v.decision === 'schedule' ? berlinInstant(v.date, v.time) : undefined,
      version: a.version,
    }),
  });
  const onSubmit = form.onSubmit(async (input) => {
    const saved = await decide.mutateAsync(input);
    notify({ message: `Der Antrag von „${detail.facility.label}“ ist ${stateText(saved.application)}. Die KiTa bekommt eine E-Mail.` });
    onDone();
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate ref={form.formRef} aria-label="Entscheidung">
      <Stack>
        <Radio.Group label="Entscheidung" required {...form.field('decision')}>
          <Group mt="xs">
            {choices
              .filter((c) => c.from.includes(a.state))
              .map((c) => (
                <Radio key={c.value} value={c.value} label={c.label} />
              ))}
          </Group>
        </Radio.Group>
        {form.values.decision === 'schedule' && (
          <Group align="flex-start">
            <GermanDateInput label="Datum" required {...form.field('date')} data-path="scheduledAt" error={form.errors.scheduledAt} />
            <TimePicker
              label="Uhrzeit"
              required
              {...TIME_PICKER_PROPS}
              withDropdown
              hoursInputLabel="Stunden"
              minutesInputLabel="Minuten"
              value={form.values.time}
              onChange={(value) => form.setValue('time', value)}
            />
          </Group>
        )}
        <Textarea
          label="Kommentar für die KiTa"
          description={
            form.values.decision === 'decline' ? 'Pflicht beim Ablehnen: Die KiTa liest die Begründung.' : 'Steht in der E-Mail an die KiTa.'
          }
          required={form.values.decision === 'decline'}
          rows={3}
          {...form.input('comment')}
        />
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={decide.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={decide.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Details({ detail: { application: a, facility: f } }: { detail: TeamWorkshopDetail }) {
  return (
    <DataList labelWidth="11rem" withDivider>
      <DataListItem label="Status" value={stateText(a)} />
      <DataListItem label="KiTa-Jahr" value={a.seasonLabel} />
      <DataListItem label="Wunschtermine" value={a.preferredDates.map((d) => formatDate(d)).join(', ')} />
      <DataListItem label="Teilnehmende" value={a.participantCount} />
      <DataListItem label="Themenwünsche" value={a.topicWishes || '—'} />
      <DataListItem label="Ort" value={a.address ? `${formatAddress(a.address)} (abweichend)` : formatAddress(f)} />
      <DataListItem label="Anmerkungen" value={a.remarks || '—'} />
      {a.decisionComment && <DataListItem label="Kommentar" value={a.decisionComment} />}
      <DataListItem label="Eingereicht" value={`am ${formatDateTime(a.createdAt)}${a.createdBy ? ` von ${a.createdBy.name}` : ''}`} />
    </DataList>
  );
}

/** The application of one KiTa with its decision form: accept, decline with a comment, schedule with date and time. */
export function DecideDialog({ applicationId, onClose }: { applicationId: number | null; onClose: () => void }) {
  const { data: detail, isError } = useTeamWorkshopDetail(applicationId);
  const open = detail && detail.application.id === applicationId ? detail : undefined;
  const decidable = open && (open.application.state === 'submitted' || open.application.state === 'accepted');
  return (
    <Modal
      opened={applicationId !== null}
      onClose={onClose}
      size="lg"
      title={open ? `Team-Workshop: ${open.facility.label}` : 'Team-Workshop'}
      closeButtonProps={{ 'aria-label': 'Schließen' }}
    >
      {isError && (
        <Alert color="red" role="alert">
          Der Antrag konnte nicht geladen werden.
        </Alert>
      )}
      {!open && !isError && <Loader size="sm" aria-label="Wird geladen" />}
      {open && (
        <Stack>
          <Details detail={open} />
          {decidable ? (
            <DecisionForm key={open.application.version} detail={open} onDone={onClose} />
          ) : (
            <Text size="sm">Über diesen Antrag ist entschieden; eine weitere Entscheidung ist nicht vorgesehen.</Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
