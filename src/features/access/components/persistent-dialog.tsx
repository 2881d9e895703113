import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useReturnFocus } from '../hooks/use-return-focus';

const ignoreClose = () => {};

/**
 * seed §8: the guard dialogs can only be left through their buttons — no outside click, no ×. A dialog with an
 * "Abbrechen." passes it as `onCancel`: Escape does the same (WCAG 2.1.2, the keyboard user's way out).
 * Mantine traps focus inside; useReturnFocus gives it back to the opener when the dialog is unmounted.
 */
export function PersistentDialog({ title, children, onCancel }: { title: string; children: ReactNode; onCancel?: () => void }) {
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={onCancel ?? ignoreClose}
      title={title}
      closeOnClickOutside={false}
      closeOnEscape={onCancel !== undefined}
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
