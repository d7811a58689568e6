import { notifications } from '@mantine/notifications';
import { i18n, loadNamespaces } from '../i18n';
import { isNetworkFailure, serverMessage } from './errors';

/** SPEC §8: what a save that never reached the server says (in the reader's language). */
export const networkIssue = (): string => i18n.t('errors.network');

/** Why a request failed, in words a person can act on: the server's sentence, or the network. */
export function failureReason(error: unknown, fallback = i18n.t('errors.tryAgainLater')): string {
  if (isNetworkFailure(error)) return networkIssue();
  return serverMessage(error, fallback);
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

/**
 * A red toast: the spec's sentence as the title, the reason underneath. The reason may be an error text, which a
 * visit that started on the landing page has not loaded yet (i18n/index.ts): then the toast waits for them (if
 * they cannot come, it says what it can).
 */
export function notifyFailure(title: string, error?: unknown, fallback?: string): void {
  const show = () => notifications.show({ color: 'red', title, message: failureReason(error, fallback) });
  if (i18n.hasLoadedNamespace('errors')) show();
  else void loadNamespaces('errors').then(show, show);
}
