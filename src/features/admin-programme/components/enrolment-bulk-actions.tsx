import { Button, Checkbox, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormAlert } from '../../../components/forms/form-alert';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { failureOf, type FormFailure } from '../../../lib/use-schema-form';
import type { AdminEnrolment, AdminOffering } from '../../../shared/contracts/admin-programme';
import { useEnrolmentAction } from '../api/enrolments';

type Action = 'confirm' | 'cancel' | 'attended' | 'unattend' | 'move';
const DONE: Record<Action, string> = {
  confirm: 'bestätigt',
  cancel: 'storniert',
  attended: 'als teilgenommen markiert',
  unattend: 'wieder auf „bestätigt“ gesetzt',
  move: 'verschoben',
};
const countText = (n: number) => (n === 1 ? '1 Anmeldung' : `${n} Anmeldungen`);

type Props = {
  selected: AdminEnrolment[];
  onDone: () => void;
  /** dates to move to (same kind and module; for an awarding event its other workshops) */
  moveTargets: AdminOffering[];
};

/**
 * The actions on the selected rows (also a whole page at once): bestätigen, teilgenommen, stornieren (with a reason
 * that is mailed), verschieben (to another date). Enrolments of several workshops go as one call per workshop.
 */
export function EnrolmentBulkActions({ selected, onDone, moveTargets }: Props) {
  const action = useEnrolmentAction();
  const [dialog, setDialog] = useState<'cancel' | 'move' | 'confirm' | null>(null);
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState('');
  const [overCapacity, setOverCapacity] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [targetError, setTargetError] = useState<string | null>(null);

  async function run(kind: Action) {
    setFailure(null);
    if (kind === 'move' && !target) return setTargetError('Bitte wähle den neuen Termin.');
    const byOffering = new Map<number, number[]>();
    for (const e of selected) byOffering.set(e.offeringId, [...(byOffering.get(e.offeringId) ?? []), e.id]);
    let changed = 0;
    try {
      for (const [offeringId, enrolmentIds] of byOffering) {
        const answer = await action.mutateAsync({
          offeringId,
          input: {
            action: kind,
            enrolmentIds,
            reason: kind === 'cancel' ? reason : '',
            targetOfferingId: kind === 'move' ? Number(target) : null,
            overCapacity,
          },
        });
        changed += answer.changed;
      }
      notify({ message: `${countText(changed)} ${DONE[kind]}.` });
      setDialog(null);
      setReason('');
      setTarget('');
      setOverCapacity(false);
      onDone();
    } catch (error) {
      const found = failureOf(error);
      if (dialog) setFailure(found);
      else if (found) notify({ title: 'Das hat nicht geklappt', message: found.message, color: 'red', autoClose: 10_000 });
    }
  }

  const none = selected.length === 0;
  return (
    <Paper withBorder p="xs" mb="sm" role="group" aria-label="Aktionen für die ausgewählten Anmeldungen">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {none ? 'Keine Anmeldung ausgewählt' : `${countText(selected.length)} ausgewählt`}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={none}
          loading={action.isPending && !dialog}
          // a waiting place confirmed takes a seat: ask, and offer the override for a full date
          onClick={() => (selected.some((e) => e.state === 'waitlisted') ? setDialog('confirm') : void run('confirm'))}
        >
          Bestätigen
        </Button>
        <Button size="xs" variant="default" disabled={none} onClick={() => void run('attended')}>
          Als teilgenommen markieren
        </Button>
        <Button size="xs" variant="default" disabled={none || selected.some((e) => e.state !== 'attended')} onClick={() => void run('unattend')}>
          Teilnahme zurücknehmen
        </Button>
        <Button size="xs" variant="default" disabled={none || moveTargets.length === 0} onClick={() => setDialog('move')}>
          Auf anderen Termin verschieben
        </Button>
        <Button size="xs" variant="default" color="red.9" disabled={none} onClick={() => setDialog('cancel')}>
          Stornieren
        </Button>
      </Group>
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'move' ? 'Auf anderen Termin verschieben' : dialog === 'confirm' ? 'Anmeldungen bestätigen' : 'Anmeldungen stornieren'}
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        <Stack>
          <Text>{countText(selected.length)} ausgewählt. Die KiTas bekommen eine E-Mail.</Text>
          {dialog === 'confirm' && (
            <Checkbox
              label="Auch über die Kapazität hinaus anmelden"
              description="Ohne diesen Haken bestätigt das Portal nur, solange Plätze frei sind."
              checked={overCapacity}
              onChange={(e) => setOverCapacity(e.currentTarget.checked)}
            />
          )}
          <FormAlert failure={failure} />
          {dialog === 'cancel' && (
            <Textarea
              label="Grund (steht in der E-Mail an die KiTa)"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          )}
          {dialog === 'move' && (
            <>
              <NativeSelect
                label="Neuer Termin"
                data={[
                  { value: '', label: 'bitte wählen' },
                  ...moveTargets.map((o) => ({ value: String(o.id), label: `${o.title}, ${formatDateTime(o.startsAt)} (${o.seatsFree} frei)` })),
                ]}
                value={target}
                error={targetError}
                onChange={(e) => {
                  setTarget(e.currentTarget.value);
                  setTargetError(null);
                }}
              />
              <Checkbox
                label="Auch über die Kapazität hinaus anmelden"
                checked={overCapacity}
                onChange={(e) => setOverCapacity(e.currentTarget.checked)}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
              Abbrechen
            </Button>
            <Button color={dialog === 'cancel' ? 'red.9' : undefined} loading={action.isPending} onClick={() => void run(dialog ?? 'confirm')}>
              {dialog === 'cancel' ? 'Ja, stornieren' : dialog === 'confirm' ? 'Ja, bestätigen' : 'Verschieben'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
