import { Text } from '@mantine/core';
import { notifications, type NotificationsProps } from '@mantine/notifications';
import { type ReactNode } from 'react';
import { CountdownBar, createPauseSignal } from './notification-countdown';

/** seed §8: the first line of every API error notification, word for word. */
export const ERROR_INTRO = 'Da ging etwas schief.';

/** seed §9: ordinary notifications last 5000 ms by default, and error notifications at least that long. */
export const DEFAULT_NOTIFICATION_DURATION = 5000;

/**
 * Props for the one <Notifications /> the shell mounts: seed §9 "positioned at the top". Each notification also
 * names its position, so a provider mounted without these props still shows them at the top.
 */
export const NOTIFICATIONS_PROPS = {
  position: 'top-center',
  autoClose: DEFAULT_NOTIFICATION_DURATION,
  limit: 5,
  containerWidth: 480,
} as const satisfies Partial<NotificationsProps>;

const CLOSE_BUTTON_PROPS = { 'aria-label': 'Meldung schließen' };

/** seed §9: at least 5000 ms, or the message length divided by 25 seconds if that is longer. */
export function errorDuration(text: string): number {
  return Math.max(DEFAULT_NOTIFICATION_DURATION, (text.length / 25) * 1000);
}

export type ApiErrorNotification = {
  /** what went wrong, in German, from the caller's point of view */
  text: string;
  /** SPEC §3 reason from the server; only its German `message` is shown */
  reason?: { message?: string } | null;
};

/** Stable id per visible content, so ten failing queries while offline show one notification, not ten. */
function contentId(parts: string[]): string {
  let hash = 0;
  for (const char of parts.join('\n')) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return `api-error-${(hash >>> 0).toString(36)}`;
}

/**
 * seed §8: red, at the top, intro line + text + the server's reason.message, with a progress bar, lasting
 * errorDuration() of everything it says. Texts are rendered as React text nodes, never as HTML.
 * Returns the notification id.
 */
export function notifyApiError({ text, reason }: ApiErrorNotification): string {
  const reasonMessage = reason?.message?.trim() || undefined;
  const lines = [ERROR_INTRO, text, ...(reasonMessage ? [reasonMessage] : [])];
  const id = contentId(lines);
  const duration = errorDuration(lines.join(' '));
  const pause = createPauseSignal();
  const hide = () => notifications.hide(id);

  return notifications.show({
    id,
    color: 'red',
    position: 'top-center',
    title: ERROR_INTRO,
    // The countdown below closes it; Mantine's own timer would restart on every hover and drift from the bar.
    autoClose: false,
    withCloseButton: true,
    closeButtonProps: CLOSE_BUTTON_PROPS,
    onMouseEnter: () => pause.set(true),
    onMouseLeave: () => pause.set(false),
    onFocusCapture: () => pause.set(true),
    onBlurCapture: () => pause.set(false),
    message: (
      <>
        <Text size="sm">{text}</Text>
        {reasonMessage && <Text size="sm">{reasonMessage}</Text>}
        <CountdownBar duration={duration} onDone={hide} pause={pause} />
      </>
    ),
  });
}

export type NotifyOptions = {
  /** React nodes from our own code only: links, emphasis, lists. Never pass server or user text as HTML. */
  message: ReactNode;
  title?: ReactNode;
  /** seed §9: positive by default */
  color?: string;
  /** ms, or false to stay until closed; default 5000 */
  autoClose?: number | false;
  id?: string;
};

/** Ordinary notification (seed §9): positive (green), at the top, 5000 ms. Returns the notification id. */
export function notify({ message, title, color = 'green', autoClose = DEFAULT_NOTIFICATION_DURATION, id }: NotifyOptions): string {
  return notifications.show({
    id,
    message,
    title,
    color,
    autoClose,
    position: 'top-center',
    // Good news is announced politely; only red ones interrupt like the API errors do.
    role: color === 'red' ? 'alert' : 'status',
    withCloseButton: true,
    closeButtonProps: CLOSE_BUTTON_PROPS,
  });
}
