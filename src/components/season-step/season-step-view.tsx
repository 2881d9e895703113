import { Alert, Badge, Group, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { reportError } from '../../lib/api-client';
import { notify } from '../../lib/notifications';
import { ConfirmDialog } from '../dialogs/confirm-dialog';

type Withdrawal = {
  /** the question, its confirm button and what it means */
  title: string;
  confirmLabel: string;
  text: string;
  /** withdraws the KiTa's record (null: there is none) */
  run: (() => Promise<unknown>) | null;
  pending: boolean;
  /** the notification after it, and the text before the server's reason when it fails */
  done: string;
  failed: string;
  /** after the notification, e.g. the session learns the KiTa is no longer enrolled */
  onDone?: () => Promise<void> | void;
};

type Props<S extends { label: string }> = {
  /** the current season; null: none is active (`message` says why) */
  season: S | null;
  /** the server's German reason why nothing (more) can be done, or null */
  message: string | null;
  /** the badge beside the season: the state of the KiTa's record */
  status: { label: string; color: string };
  /** the withdrawal of the record, for the season shown */
  withdrawal: (season: S) => Withdrawal;
  /** the step's own part below the heading: notes, the record, its actions (`askWithdraw` opens the question), the form */
  children: (season: S, askWithdraw: () => void) => ReactNode;
};

/** The heading of a season step: the season and the state of the KiTa's record in it (also the documentation form's). */
export function SeasonStepHeading({ season, status }: { season: string; status: { label: string; color: string } }) {
  return (
    <Group gap="sm">
      <Title order={2} size="h3">
        {season}
      </Title>
      <Badge color={status.color} variant="light">
        {status.label}
      </Badge>
    </Group>
  );
}

/**
 * The page of one step of a KiTa's season (/kita-jahr-anmeldung, /team-workshop-application): "no season" when none
 * is active, else the season as heading with the record's state, the step's own part, and the withdrawal asked for
 * in a dialog. The one frame for such a step; eslint refuses a second "… zurückziehen?" dialog beside it.
 */
export function SeasonStepView<S extends { label: string }>({ season, message, status, withdrawal, children }: Props<S>) {
  const [confirming, setConfirming] = useState(false);

  if (!season) {
    return (
      <Alert color="gray" role="note" title="Kein KiTa-Jahr aktiv">
        {message ?? 'Zurzeit ist kein KiTa-Jahr aktiv.'}
      </Alert>
    );
  }

  const withdraw = withdrawal(season);
  async function confirmWithdraw() {
    if (!withdraw.run) return;
    try {
      await withdraw.run();
      setConfirming(false);
      notify({ message: withdraw.done });
      await withdraw.onDone?.();
    } catch (error) {
      setConfirming(false);
      reportError(error, withdraw.failed);
    }
  }

  return (
    <Stack gap="lg">
      <SeasonStepHeading season={season.label} status={status} />
      {children(season, () => setConfirming(true))}
      <ConfirmDialog
        opened={confirming}
        title={withdraw.title}
        confirmLabel={withdraw.confirmLabel}
        danger
        loading={withdraw.pending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirmWithdraw()}
      >
        {withdraw.text}
      </ConfirmDialog>
    </Stack>
  );
}
