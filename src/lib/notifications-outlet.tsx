import { useNotifications, type NotificationsProps } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The container (transitions, portal, positioning) loads with the first notification, not with the first page:
// the store that `notifications.show()` writes to is tiny and always there, so nothing shown early is lost.
const Notifications = lazy(() => import('./notifications-container').then((m) => ({ default: m.Notifications })));

/** Mantine's <Notifications />, mounted once something is to be shown and then kept. */
export function NotificationsOutlet(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications {...props} />
    </Suspense>
  );
}
