import { formatDate, formatEatTime } from '../../i18n/format';

// Somalia keeps East Africa Time all year: election times are shown there (format.ts), in the reader's language.

/** "3 Jul 2026" in English, "3 Lul 2026" in Somali, as the day falls in Mogadishu. */
export function formatElectionDay(date: Date): string {
  return formatDate(date, { dateStyle: 'medium' });
}

/** "3 Jul 2026, 14:00 EAT": a moment that matters to the minute (opening, closing, a recorded vote). */
export function formatElectionTime(date: Date): string {
  return formatEatTime(date);
}
