import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  submitLabel: ReactNode;
  /** the write is running: the submit button spins, "Abbrechen" waits */
  submitting: boolean;
  /** without it there is no "Abbrechen" (a form that is the page itself) */
  onCancel?: () => void;
};

/** The buttons under a form: "Abbrechen" (optional) and the submit button, right-aligned. */
export function FormActions({ submitLabel, submitting, onCancel }: Props) {
  return (
    <Group justify="flex-end">
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
