import { formatDateTime } from '../../../i18n/format';

/**
 * "3 Jul 2026, 14:00 EAT" in the reader's language: election moments on the admin screens, on Mogadishu's
 * clock. "EAT" names the zone the same way in Somali and English, so it is not translated.
 */
export function formatEatTime(date: Date): string {
  return `${formatDateTime(date)} EAT`;
}
