import { i18n } from './index';

/**
 * Numbers and dates in the reader's language, through Intl. Somalia keeps East Africa Time all
 * year: moments are shown there, whatever the reader's own zone.
 */
export const TIME_ZONE = 'Africa/Mogadishu';

const LOCALE_TAGS: Record<string, string> = { en: 'en-GB', so: 'so-SO' };
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function locale(): string {
  return LOCALE_TAGS[i18n.language] ?? 'en-GB';
}

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${locale()}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(locale(), options);
    cache.set(key, format);
  }
  return format;
}

function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale()}|${JSON.stringify(options)}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(locale(), options);
    cache.set(key, format);
  }
  return format;
}

/** "12,345" in English, in the reader's locale otherwise. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** "3 December 2026", for a moment in time, in Mogadishu. */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return dateFormat({ ...options, timeZone: TIME_ZONE }).format(date);
}

/** "3 Dec 2026, 14:00", for a moment in time, in Mogadishu. */
export function formatDateTime(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return dateFormat({ ...options, timeZone: TIME_ZONE }).format(date);
}

/** A calendar day stored as YYYY-MM-DD (birth dates, news), as given if malformed. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return dateFormat({ ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
}
