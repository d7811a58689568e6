import type { NotificationData } from '@mantine/notifications';
import { i18n, loadNamespaces } from '../i18n';
import { isNetworkFailure, serverMessage } from './errors';

/**
 * Mantine's notifications (their store, and through the toasts' gate in vite.config.ts the watcher that shows
 * them) load with the first toast a reader is shown, not with every page that could show one: a visitor reading
 * the poll's results ran about 40 KB of their code before the page answered a tap. A toast comes a moment later
 * the first time; the view under it was already loaded on demand (NotificationsOnDemand).
 */
function show(toast: NotificationData): void {
  // The close button is an icon: named in the reader's language, or a screen reader announces a nameless button.
  const closeButtonProps = { 'aria-label': i18n.t('actions.close') };
  // Mantine writes the message under a title in gray 6 (3.3:1 on white); the site's dimmed text is above 4.5:1 in
  // both themes (theme.ts).
  const styles = { description: { color: 'var(--mantine-color-dimmed)' } };
  void import('@mantine/notifications').then(({ notifications, notificationsStore }) => {
    // The newest toast shows at once, the oldest make way: queued behind older ones, the answer to what the reader
    // just did would wait up to 5 s for each toast on screen.
    const { limit } = notificationsStore.getState();
    notifications.updateState(notificationsStore, (shown) =>
      shown.slice(Math.max(0, shown.length - limit + 1)),
    );
    notifications.show({ ...toast, closeButtonProps, styles });
  });
}

/** docs/product.md#candidate-form: what a save that never reached the server says (in the reader's language). */
export const networkIssue = (): string => i18n.t('errors.network');

/** Why a request failed, in words a person can act on: the server's sentence, or the network. */
export function failureReason(error: unknown, fallback = i18n.t('errors.tryAgainLater')): string {
  if (isNetworkFailure(error)) return networkIssue();
  return serverMessage(error, fallback);
}

export function notifySuccess(title: string, message: string): void {
  show({ color: 'green', title, message });
}

/** A red toast whose sentences are known already (a form's missing fields). */
export function notifyError(title: string, message: string): void {
  show({ color: 'red', title, message });
}

/**
 * A red toast: the product's sentence (docs/product.md#messages-and-empty-states) as the title, the reason
 * underneath. The reason may be an error text, which a visit that started on the landing page has not loaded yet
 * (i18n/index.ts): then the toast waits for them (if they cannot come, it says what it can).
 */
export function notifyFailure(title: string, error?: unknown, fallback?: string): void {
  const red = () => show({ color: 'red', title, message: failureReason(error, fallback) });
  if (i18n.hasLoadedNamespace('errors')) red();
  else void loadNamespaces('errors').then(red, red);
}
