import { notifications } from '@mantine/notifications';
import { isNetworkFailure, serverMessage } from './errors';

/** SPEC §8: what a save that never reached the server says. */
export const NETWORK_ISSUE = 'Network connection issue. Please check your internet connection and try again.';

/** Why a request failed, in words a person can act on: the server's sentence, or the network. */
export function failureReason(error: unknown, fallback = 'Please try again.'): string {
  if (isNetworkFailure(error)) return NETWORK_ISSUE;
  return serverMessage(error, fallback);
}

export function notifySuccess(title: string, message: string): void {
  notifications.show({ color: 'green', title, message });
}

/** A red toast: the spec's sentence as the title, the reason underneath. */
export function notifyFailure(title: string, error?: unknown, fallback?: string): void {
  notifications.show({ color: 'red', title, message: failureReason(error, fallback) });
}
