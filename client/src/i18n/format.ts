import { i18n } from './index';

/**
 * Numbers and dates in the reader's language, through Intl. Somalia keeps East Africa Time all
 * year: moments are shown there, whatever the reader's own zone.
 *
 * Browsers do not all carry Somali locale data (Debian's Chromium and many phones fall back to US
 * English, "December 3, 2026, 2:05 PM"), so Somali dates are built from Intl's parts in the British
 * day-month-year order with the month and weekday names of the common namespace (calendar.*), and a
 * 24-hour clock. Numbers group digits the same way in both languages.
 */
export const TIME_ZONE = 'Africa/Mogadishu';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const somali = () => i18n.language === 'so';

/** "12,345" in both languages. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached(`n|${JSON.stringify(options)}`, () => new Intl.NumberFormat('en-GB', options)).format(value);
}

/** dateStyle/timeStyle spelled out, so the parts can be renamed (Intl forbids mixing both kinds). */
function explicit(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = options;
  const out: Intl.DateTimeFormatOptions = { ...rest };
  if (dateStyle) {
    out.day = 'numeric';
    out.month = dateStyle === 'long' || dateStyle === 'full' ? 'long' : 'short';
    out.year = 'numeric';
    if (dateStyle === 'full') out.weekday = 'long';
  }
  if (timeStyle) {
    out.hour = '2-digit';
    out.minute = '2-digit';
    if (timeStyle !== 'short') out.second = '2-digit';
  }
  if (out.hour) out.hourCycle = 'h23';
  return out;
}

function format(date: Date, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  if (!somali()) {
    return cached(
      `d|en|${timeZone}|${JSON.stringify(options)}`,
      () => new Intl.DateTimeFormat('en-GB', { ...options, timeZone }),
    ).format(date);
  }
  const spelled = explicit(options);
  const parts = cached(
    `d|so|${timeZone}|${JSON.stringify(spelled)}`,
    () => new Intl.DateTimeFormat('en-GB', { ...spelled, timeZone }),
  ).formatToParts(date);
  const numeric = cached(
    `d|num|${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { month: 'numeric', weekday: 'short', timeZone }),
  ).formatToParts(date);
  const month = numeric.find((part) => part.type === 'month')?.value ?? '1';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
    numeric.find((part) => part.type === 'weekday')?.value ?? 'Sun',
  );
  return parts
    .map((part) => {
      if (part.type === 'month' && Number.isNaN(Number(part.value))) {
        return spelled.month === 'long'
          ? i18n.t(`calendar.months.${month}` as 'calendar.months.1')
          : i18n.t(`calendar.monthsShort.${month}` as 'calendar.monthsShort.1');
      }
      if (part.type === 'weekday') return i18n.t(`calendar.weekdays.${weekday}` as 'calendar.weekdays.0');
      if (part.type === 'literal' && part.value === ' at ') return ', ';
      return part.value;
    })
    .join('');
}

/** "3 December 2026", for a moment in time, in Mogadishu. */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  return format(date, options, TIME_ZONE);
}

/** "3 Dec 2026, 14:00", for a moment in time, in Mogadishu. */
export function formatDateTime(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return format(date, options, TIME_ZONE);
}

/**
 * "3 Dec 2026, 14:00 EAT": a moment that matters to the minute, with the zone named. "EAT" names it the same
 * way in Somali and English (as on Somali broadcasts and timetables), so it is not translated.
 */
export function formatEatTime(
  date: Date,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  return `${formatDateTime(date, options)} EAT`;
}

/** A calendar day stored as YYYY-MM-DD (birth dates, news), as given if malformed. */
export function formatDay(day: string, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return format(new Date(Date.UTC(year, month - 1, date)), options, 'UTC');
}
