/**
 * Dates written by hand, as Intl.DateTimeFormat('en-GB') writes them, for the option sets the site uses.
 *
 * Why not Intl: a page's first Intl.DateTimeFormat loads ICU's locale data, about 60 ms of a phone's main thread
 * (Lighthouse's 4x slowdown) while the page hydrates, and every public page shows a date (the footer's year at
 * least). The output is the same to the byte (tests/client/dates-by-hand.test.ts compares it with Node's full ICU
 * across 1950-2100 in both languages), and the server and the browser cannot disagree through different
 * ICU versions.
 *
 * Somalia keeps East Africa Time (UTC+3, the IANA zone Africa/Mogadishu) all year, with no daylight saving: a
 * moment in Mogadishu is the UTC calendar of `time + 3 h` (SOMALIA_UTC_OFFSET_MS). A calendar day (birth dates,
 * news) is read with an offset of 0.
 */

type DateStyle = 'full' | 'long' | 'medium' | 'short';
type TimeStyle = 'short' | 'medium';
type MonthWidth = 'long' | 'short';

type Clock = { hour: '2-digit'; minute: '2-digit'; second?: '2-digit' };
type NoClock = { hour?: never; minute?: never; second?: never };
type Day =
  | { year: 'numeric'; month?: never; day?: never; weekday?: never }
  | { year: 'numeric'; month: MonthWidth; day?: never; weekday?: never }
  | { year: 'numeric'; month: MonthWidth; day: 'numeric'; weekday?: 'long' };
type NoDay = { year?: never; month?: never; day?: never; weekday?: never };
type NoStyle = { dateStyle?: never; timeStyle?: never };

/**
 * The option sets written by hand: Intl's styles, or a year, month and year, or a day (with its weekday), with
 * or without a 24-hour clock. Others are refused by the compiler: en-GB writes them in ways of their own
 * ("2026 (day: 3)"), to be added here with their test when a page needs one.
 */
export type DateFormat =
  | ({ dateStyle: DateStyle; timeStyle?: TimeStyle } & NoDay & NoClock)
  | ({ timeStyle: TimeStyle; dateStyle?: never } & NoDay & NoClock)
  | (Day & (Clock | NoClock) & NoStyle)
  | (NoDay & Clock & NoStyle);

/** The words of one language, and what it writes differently from en-GB. */
export interface CalendarWords {
  /** month 1-12. */
  month(month: number, width: MonthWidth): string;
  /** weekday 0 (Sunday) to 6. */
  weekday(weekday: number): string;
  /** Between a date with its month in full and the time (" at " in English). */
  at: string;
  /** dateStyle 'short' as digits ("03/12/2026"), else as 'medium'. */
  digitsWhenShort: boolean;
}

// en-GB's names (CLDR): stable for decades, "Sept" included.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const ENGLISH: CalendarWords = {
  month: (month, width) => (width === 'long' ? MONTHS : MONTHS_SHORT)[month - 1] ?? '',
  weekday: (weekday) => WEEKDAYS[weekday] ?? '',
  at: ' at ',
  digitsWhenShort: true,
};

const DAY_MS = 86_400_000;

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/**
 * `time` (UTC milliseconds) written in the calendar `offsetMs` ahead of UTC. Throws a RangeError for an invalid
 * time, as Intl does.
 */
export function formatCalendar(
  time: number,
  options: DateFormat,
  words: CalendarWords,
  offsetMs: number,
): string {
  if (!Number.isFinite(time)) throw new RangeError('Invalid time value');
  const local = time + offsetMs;
  const days = Math.floor(local / DAY_MS);
  const { dateStyle, timeStyle } = options;

  let date = '';
  let monthWidth: MonthWidth | undefined;
  if (dateStyle || options.year) {
    // Howard Hinnant's civil_from_days: the proleptic Gregorian day, without a Date.
    const shifted = days + 719_468;
    const era = Math.floor(shifted / 146_097);
    const dayOfEra = shifted - era * 146_097;
    const yearOfEra = Math.floor(
      (dayOfEra -
        Math.floor(dayOfEra / 1460) +
        Math.floor(dayOfEra / 36_524) -
        Math.floor(dayOfEra / 146_096)) /
        365,
    );
    const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
    const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
    const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);

    if (dateStyle === 'short' && words.digitsWhenShort) {
      date = `${twoDigits(day)}/${twoDigits(month)}/${year}`;
    } else {
      monthWidth = dateStyle
        ? dateStyle === 'long' || dateStyle === 'full'
          ? 'long'
          : 'short'
        : options.month;
      const withDay = dateStyle !== undefined || options.day !== undefined;
      const withWeekday = dateStyle === 'full' || options.weekday !== undefined;
      date = String(year);
      if (monthWidth) date = `${words.month(month, monthWidth)} ${date}`;
      if (withDay) date = `${day} ${date}`;
      // 1 January 1970 was a Thursday (4).
      if (withWeekday) date = `${words.weekday((((days + 4) % 7) + 7) % 7)}, ${date}`;
    }
  }

  if (!timeStyle && !options.hour) return date;
  const seconds = Math.floor((local - days * DAY_MS) / 1000);
  let clock = `${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}`;
  if (timeStyle === 'medium' || options.second) clock += `:${twoDigits(seconds % 60)}`;
  if (!date) return clock;
  return `${date}${monthWidth === 'long' ? words.at : ', '}${clock}`;
}
