import { type CalendarWords, type DateFormat, ENGLISH, formatCalendar } from '@shared/calendar';
import { SOMALIA_UTC_OFFSET_MS } from '@shared/months';
import { activeI18n } from './index';
import { type NumberFormat, writeNumber } from './numbers';

/**
 * Numbers and dates in the reader's language. Somalia keeps East Africa Time all year: moments are shown there,
 * whatever the reader's own zone (TIME_ZONE, UTC+3 with no daylight saving, so shared/calendar.ts writes the UTC
 * calendar of `time + 3 h`).
 *
 * Dates are written by hand (shared/calendar.ts), exactly as Intl.DateTimeFormat('en-GB') writes them: a page's
 * first Intl.DateTimeFormat costs a phone some 60 ms of ICU loading while it hydrates. Browsers do not all carry
 * Somali locale data either (Debian's Chromium and many phones fall back to US English), so Somali dates have
 * always been the British day-month-year order with the month and weekday names of the common namespace
 * (calendar.*) and a 24-hour clock. Numbers group digits the same way in both languages, also by hand
 * (numbers.ts).
 */
export const TIME_ZONE = 'Africa/Mogadishu';

const PLAIN: NumberFormat = {};

/** "12,345" in both languages, written by hand as Intl's en-GB would (numbers.ts). */
export function formatNumber(value: number, options: NumberFormat = PLAIN): string {
  return writeNumber(value, options);
}

const SOMALI: CalendarWords = {
  month: (month, width) =>
    width === 'long'
      ? activeI18n().t(`calendar.months.${month}` as 'calendar.months.1')
      : activeI18n().t(`calendar.monthsShort.${month}` as 'calendar.monthsShort.1'),
  weekday: (weekday) => activeI18n().t(`calendar.weekdays.${weekday}` as 'calendar.weekdays.0'),
  // "3 Diseembar 2026, 14:05": no word for "at".
  at: ', ',
  // The short style spelled as the medium one ("3 Dis 2026"), with the Somali month.
  digitsWhenShort: false,
};

const words = (): CalendarWords => (activeI18n().language === 'so' ? SOMALI : ENGLISH);

const LONG_DATE: DateFormat = { dateStyle: 'long' };
const MEDIUM_DATE_TIME: DateFormat = { dateStyle: 'medium', timeStyle: 'short' };

/** "3 December 2026", for a moment in time, in Mogadishu. */
export function formatDate(date: Date, options: DateFormat = LONG_DATE): string {
  return formatCalendar(date.getTime(), options, words(), SOMALIA_UTC_OFFSET_MS);
}

/** "3 Dec 2026, 14:00", for a moment in time, in Mogadishu. */
export function formatDateTime(date: Date, options: DateFormat = MEDIUM_DATE_TIME): string {
  return formatCalendar(date.getTime(), options, words(), SOMALIA_UTC_OFFSET_MS);
}

/**
 * "3 Dec 2026, 14:00 EAT": a moment that matters to the minute, with the zone named. "EAT" names it the same
 * way in Somali and English (as on Somali broadcasts and timetables), so it is not translated.
 */
export function formatEatTime(date: Date, options: DateFormat = MEDIUM_DATE_TIME): string {
  return `${formatDateTime(date, options)} EAT`;
}

/** A calendar day stored as YYYY-MM-DD (birth dates, news), as given if malformed. */
export function formatDay(day: string, options: DateFormat = LONG_DATE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  // Date.UTC as before: it reads years 0-99 as 1900-1999 and rolls 31 February over into March.
  return formatCalendar(Date.UTC(year, month - 1, date), options, words(), 0);
}
