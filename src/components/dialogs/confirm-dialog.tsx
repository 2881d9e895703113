import type { ReactNode } from 'react';
import { lazyAfterFirstPaint } from '../layout/render-later';

export type ConfirmDialogProps = {
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

/**
 * Asks before something that can't simply be undone (remove, withdraw, close). Escape and "Abbrechen" close it;
 * "Abbrechen" has the focus when it opens (WCAG 3.3.4: a slip of the Enter key changes nothing). Its Modal comes after
 * the page's first paint (lazyAfterFirstPaint): every page with a form has one, in its LeaveGuard.
 */
export const ConfirmDialog = lazyAfterFirstPaint(() => import('./confirm-dialog-modal').then((m) => m.ConfirmDialogModal));
