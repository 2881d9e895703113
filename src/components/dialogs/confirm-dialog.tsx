import { lazyAfterFirstPaint } from '../layout/render-later';

/**
 * Asks before something that can't simply be undone (remove, withdraw, close). Escape and "Abbrechen" close it;
 * "Abbrechen" has the focus when it opens (WCAG 3.3.4: a slip of the Enter key changes nothing). Its Modal comes after
 * the page's first paint (lazyAfterFirstPaint): every page with a form has one, in its LeaveGuard.
 */
export const ConfirmDialog = lazyAfterFirstPaint(() => import('./confirm-dialog-modal').then((m) => m.ConfirmDialogModal));
