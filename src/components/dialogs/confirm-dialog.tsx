import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** the button that does it, e.g. "Entfernen" */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** red for destructive actions (default) */
  color?: string;
};

/** Asks before something that can't simply be undone (remove, withdraw). Escape and "Abbrechen" close it. */
export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onCancel, loading = false, color = 'red' }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack>
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Abbrechen
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
