// Loaded on demand by NotificationsOnDemand: Mantine's toasts with their styles.
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export { Notifications as default } from '@mantine/notifications';
