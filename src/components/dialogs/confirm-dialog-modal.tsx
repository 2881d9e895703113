import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** the button that does it, e.g. "Ja, entfernen" */
  confirmLabel: string;
  onConfirm: () => void;
  /** "Abbrechen", Escape and the close button */
  onClose: () => void;
  loading?: boolean;
  /** red confirm button for destructive actions */
  danger?: boolean;
};

/** ConfirmDialog's Modal, in a chunk of its own that comes after the first paint (confirm-dialog.tsx) */
export function ConfirmDialogModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          {/* the safe choice takes focus: Enter twice must not remove, deactivate or withdraw anything */}
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            Abbrechen
          </Button>
          {/* red 9: white on Mantine's red 8 is only just 4.5:1 */}
          <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
