import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { LeaveGuard } from '../dialogs/leave-guard';

type Props = {
  submitLabel: ReactNode;
  /** the write is running: the submit button spins, "Abbrechen" waits */
  submitting: boolean;
  /** without it there is no "Abbrechen" (a form that is the page itself) */
  onCancel?: () => void;
  /**
   * the form holds changes not saved yet (`useSchemaForm`'s `dirty`): leaving the page asks first (LeaveGuard: links,
   * back/forward, closing the tab; offline too, it asks no server). Not while the write runs: a save that navigates
   * leaves freely.
   */
  unsaved?: boolean;
};

/** The buttons under a form: "Abbrechen" (optional) and the submit button, right-aligned. */
export function FormActions({ submitLabel, submitting, onCancel, unsaved = false }: Props) {
  return (
    <Group justify="flex-end">
      <LeaveGuard when={unsaved && !submitting} />
      {onCancel && (
        <Button variant="default" onClick={onCancel} disabled={submitting}>
          Abbrechen
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
