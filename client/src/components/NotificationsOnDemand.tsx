import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

// The toasts' code and styles download with the first toast, not with every first visit: a first visit downloads as
// little as it can.
const Notifications = lazy(() => import('./notifications-view'));

/**
 * The site's one notification system (docs/product.md#notifications: 5 s each). notifications.show() only writes to
 * Mantine's store, so a toast shown before this mounts is kept and appears as soon as the code has arrived.
 */
export function NotificationsOnDemand() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={5000} limit={3} />
    </Suspense>
  );
}
