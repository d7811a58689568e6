import { i18n } from '@client/i18n';
import { formatDate, formatDateTime, formatDay, formatEatTime } from '@client/i18n/format';
import type { DateFormat } from '@shared/calendar';
import { pollDateLabel, pollMonthLabel } from '@shared/poll-rules';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The hand-written dates (shared/calendar.ts) against what the site printed through Intl before them: the
 * former format.ts, kept here as the reference and run on Node's full ICU.
 */
const formats = new Map<string, Intl.DateTimeFormat>();
function intl(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment's month (1-12) and weekday (0 Sunday) in a zone, as Intl reads them: the same for every option set, so
 * each moment's is read once (the first test compares some 9,000 moments in every option set).
 */
const monthsAndWeekdays = new Map<string, { month: string; weekday: number }>();
function monthAndWeekday(date: Date, timeZone: string) {
  const key = `${timeZone}|${date.getTime()}`;
  let found = monthsAndWeekdays.get(key);
  if (!found) {
    const numeric = intl('en-US', { month: 'numeric', weekday: 'short', timeZone }).formatToParts(date);
    found = {
      month: numeric.find((part) => part.type === 'month')?.value ?? '1',
      weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(
        numeric.find((part) => part.type === 'weekday')?.value ?? 'Sun',
      ),
    };
    monthsAndWeekdays.set(key, found);
  }
  return found;
}

/** A month's or weekday's name in the language under test, from its translation file, looked up once. */
const names = new Map<string, string>();
function translated(key: string): string {
  const cacheKey = `${i18n.language}|${key}`;
  let name = names.get(cacheKey);
  if (name === undefined) {
    name = i18n.t(key as 'calendar.months.1');
    names.set(cacheKey, name);
  }
  return name;
}

function intlReference(date: Date, options: Intl.DateTimeFormatOptions, timeZone: string): string {
  if (i18n.language !== 'so') return intl('en-GB', { ...options, timeZone }).format(date);
  const { dateStyle, timeStyle, ...spelled } = options as Intl.DateTimeFormatOptions;
  if (dateStyle) {
    spelled.day = 'numeric';
    spelled.month = dateStyle === 'long' || dateStyle === 'full' ? 'long' : 'short';
    spelled.year = 'numeric';
    if (dateStyle === 'full') spelled.weekday = 'long';
  }
  if (timeStyle) {
    spelled.hour = '2-digit';
    spelled.minute = '2-digit';
    if (timeStyle !== 'short') spelled.second = '2-digit';
  }
  if (spelled.hour) spelled.hourCycle = 'h23';
  const parts = intl('en-GB', { ...spelled, timeZone }).formatToParts(date);
  const { month, weekday } = monthAndWeekday(date, timeZone);
  return parts
    .map((part) => {
      if (part.type === 'month' && Number.isNaN(Number(part.value))) {
        return spelled.month === 'long'
          ? translated(`calendar.months.${month}`)
          : translated(`calendar.monthsShort.${month}`);
      }
      if (part.type === 'weekday') return translated(`calendar.weekdays.${weekday}`);
      if (part.type === 'literal' && part.value === ' at ') return ', ';
      return part.value;
    })
    .join('');
}

/** Every option set DateFormat allows, those the pages pass among them. */
function everyOptionSet(): DateFormat[] {
  const sets: Intl.DateTimeFormatOptions[] = [];
  for (const dateStyle of ['full', 'long', 'medium', 'short'] as const) {
    sets.push({ dateStyle }, { dateStyle, timeStyle: 'short' }, { dateStyle, timeStyle: 'medium' });
  }
  sets.push({ timeStyle: 'short' }, { timeStyle: 'medium' });
  const days: Intl.DateTimeFormatOptions[] = [{ year: 'numeric' }];
  for (const month of ['long', 'short'] as const) {
    days.push(
      { month, year: 'numeric' },
      { day: 'numeric', month, year: 'numeric' },
      { weekday: 'long', day: 'numeric', month, year: 'numeric' },
    );
  }
  const clocks: Intl.DateTimeFormatOptions[] = [
    { hour: '2-digit', minute: '2-digit' },
    { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  ];
  for (const day of days) sets.push(day, ...clocks.map((clock) => ({ ...day, ...clock })));
  sets.push(...clocks);
  return sets as DateFormat[];
}

const HOUR = 3_600_000;

/** Moments from 1950 to 2100: around every Mogadishu midnight that starts a month (21:00 UTC), plus random ones. */
function moments(): Date[] {
  const times: number[] = [];
  for (let year = 1950; year <= 2100; year += 1) {
    for (let month = 0; month < 12; month += 1) {
      const midnightEat = Date.UTC(year, month, 1) - 3 * HOUR;
      times.push(midnightEat - 1, midnightEat, midnightEat + 59_999, midnightEat + 3 * HOUR);
    }
    // Leap days (2000 is one, 2100 is not), and the instant either side of their EAT midnights.
    times.push(
      Date.UTC(year, 1, 29, 20, 59, 59, 999),
      Date.UTC(year, 1, 29, 21),
      Date.UTC(year, 1, 28, 12, 30),
    );
  }
  // A fixed pseudo-random sequence (mulberry32), so that a failure can be replayed.
  let seed = 19;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2100, 11, 31, 20, 59, 59, 999);
  for (let index = 0; index < 3000; index += 1) times.push(Math.floor(from + random() * (to - from)));
  return times.map((time) => new Date(time));
}

describe.each(['en', 'so'] as const)('dates written by hand, in %s', (language) => {
  afterAll(() => i18n.changeLanguage('en'));

  it('match Intl for every option set, from 1950 to 2100, in East Africa Time', async () => {
    await i18n.changeLanguage(language);
    const all = moments();
    expect(all.length).toBeGreaterThan(9000);
    for (const options of everyOptionSet()) {
      const mismatches: string[] = [];
      for (const moment of all) {
        const expected = intlReference(moment, options as Intl.DateTimeFormatOptions, 'Africa/Mogadishu');
        const written = formatDate(moment, options);
        if (written !== expected) mismatches.push(`${moment.toISOString()}: ${written} != ${expected}`);
      }
      expect(mismatches.slice(0, 5), JSON.stringify(options)).toEqual([]);
    }
    // Every option set against 9,000 moments: seconds of work, and more on a 2-core machine running other files.
  }, 60_000);

  it('match Intl for the defaults and the EAT suffix', async () => {
    await i18n.changeLanguage(language);
    for (const moment of moments()) {
      expect(formatDate(moment)).toBe(intlReference(moment, { dateStyle: 'long' }, 'Africa/Mogadishu'));
      const dateTime = intlReference(moment, { dateStyle: 'medium', timeStyle: 'short' }, 'Africa/Mogadishu');
      expect(formatDateTime(moment)).toBe(dateTime);
      expect(formatEatTime(moment)).toBe(`${dateTime} EAT`);
    }
  });

  it('match Intl for calendar days, read in UTC, malformed and rolled-over ones included', async () => {
    await i18n.changeLanguage(language);
    const days: string[] = [];
    for (let year = 1950; year <= 2100; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        for (const day of [1, 15, 28, 29, 30, 31]) {
          days.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
        }
      }
    }
    days.push('2026-02-31', '2026-13-01', '0099-01-01', '2026-00-10');
    for (const day of days) {
      const [year, month, date] = day.split('-').map(Number) as [number, number, number];
      const utc = new Date(Date.UTC(year, month - 1, date));
      for (const options of [
        undefined,
        { dateStyle: 'medium' },
        { month: 'long', year: 'numeric' },
      ] as const) {
        expect(formatDay(day, options)).toBe(intlReference(utc, options ?? { dateStyle: 'long' }, 'UTC'));
      }
    }
    expect(formatDay('3 December 2026')).toBe('3 December 2026');
  });

  it('refuse an invalid date as Intl does', async () => {
    await i18n.changeLanguage(language);
    expect(() => formatDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('the shared English poll labels', () => {
  it('match Intl', () => {
    const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const dayFormat = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Mogadishu',
    });
    for (let year = 1950; year <= 2100; year += 1) {
      for (let month = 1; month <= 13; month += 1) {
        const key = `${year}-${String(month).padStart(2, '0')}`;
        expect(pollMonthLabel(key)).toBe(monthFormat.format(new Date(Date.UTC(year, month - 1, 15))));
      }
    }
    for (const moment of moments()) expect(pollDateLabel(moment)).toBe(dayFormat.format(moment));
    expect(pollMonthLabel('soon')).toBe('soon');
  });
});
