import { formatDate, formatDateTime, formatDay } from '../../../i18n/format';

/** "November 2026" for '2026-11', in the reader's language; the key itself when it is not a month. */
export function formatPollMonth(monthYear: string): string {
  if (!/^\d{4}-\d{2}$/.test(monthYear)) return monthYear;
  return formatDay(`${monthYear}-15`, { month: 'long', year: 'numeric' });
}

/** "30 November 2026": the day a poll opens or closes, in Mogadishu. */
export function formatPollDay(date: Date): string {
  return formatDate(date);
}

/** "12 November 2026, 14:05 EAT": a moment of a poll (opening, closing, a vote), on Mogadishu's clock. */
export function formatPollMoment(date: Date): string {
  const moment = formatDateTime(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${moment} EAT`;
}
