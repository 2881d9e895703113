import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/use-return-focus';

const ignoreClose = () => {};

/**
 * seed §8: the guard dialogs can only be left through their buttons — no outside click, no Escape, no ×.
 * Mantine traps focus inside; useReturnFocus gives it back to the opener when the dialog is unmounted.
 */
export function PersistentDialog({ title, children }: { title: string; children: ReactNode }) {
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={ignoreClose}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      trapFocus
      returnFocus
      centered
      size="lg"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {children}
    </Modal>
  );
}
