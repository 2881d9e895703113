import { notifications as store, useNotifications, type NotificationsProps } from '@mantine/notifications';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import classes from './notifications-fallback.module.css';

// The container (transitions, portal, positioning: ~9 KB gzip) loads with the first notification, not with the first
// page: the store that `notifications.show()` writes to is tiny and always there, so nothing shown early is lost.
// Its chunk can fail to load (offline, or a deploy removed it): then the plain list below, which is in the entry,
// shows the same notifications, so the seed §8 network message still appears and the page never goes blank.
type Container = ComponentType<NotificationsProps>;
let container: Container | undefined;
let loading: Promise<Container> | undefined;

/** Loads Mantine's container once; a failed load is tried again on the next call. */
export function loadNotificationsContainer(): Promise<Container> {
  if (container) return Promise.resolve(container);
  loading ??= import('./notifications-container').then(
    (m) => (container = m.Notifications),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Mantine's <Notifications />, mounted once something is to be shown and then kept. */
export function NotificationsOutlet(props: NotificationsProps) {
  const { notifications } = useNotifications();
  const [Loaded, setLoaded] = useState(() => container);
  const [failed, setFailed] = useState(false);
  const count = notifications.length;
  const shown = useRef(0);

  useEffect(() => {
    // a new notification (not a closed one) tries again, so the container takes over once the network is back
    const added = count > shown.current;
    shown.current = count;
    if (Loaded || !added) return;
    let live = true;
    loadNotificationsContainer().then(
      (loaded) => live && setLoaded(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Loaded, count]);

  if (Loaded) return <Loaded {...props} />;
  return failed ? <PlainNotifications /> : null;
}

/** The store's notifications without Mantine's container: same texts, colours, roles and close buttons. */
function PlainNotifications() {
  const { notifications } = useNotifications();
  return (
    <div className={classes.root}>
      {notifications.map(({ id = '', title, message, color = 'blue', onMouseEnter, onMouseLeave, onFocusCapture, onBlurCapture }) => (
        <div
          key={id}
          className={classes.item}
          role={color === 'red' ? 'alert' : 'status'}
          style={{ '--notification-color': `var(--mantine-color-${color}-filled)` } as object}
          // the countdown of an error holds still while hovered or focused (WCAG 2.2.1), as in Mantine's container
          {...{ onMouseEnter, onMouseLeave, onFocusCapture, onBlurCapture }}
        >
          <div className={classes.body}>
            {title && <div className={classes.title}>{title}</div>}
            <div className={classes.message}>{message}</div>
          </div>
          <button type="button" className={classes.close} aria-label="Meldung schließen" onClick={() => store.hide(id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
