import { SOMALIA_UTC_OFFSET_MS } from './months';

/**
 * A registration centre's opening hours: one opening per weekday at most, in Mogadishu time (East Africa Time,
 * UTC+3 all year), a day not listed being a closed day. An empty list means the centre gave no hours, and pages
 * then say nothing about them. The same shape is stored, answered and published in the open data.
 */

/** 0 Sunday to 6 Saturday, as Date#getUTCDay and the calendar words number them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface DayOpening {
  day: Weekday;
  /** "HH:MM", 24-hour clock, Mogadishu time. */
  opens: string;
  /** "HH:MM", later than `opens` on the same day. */
  closes: string;
}

export type OpeningHours = DayOpening[];

/** Hours as read back from elsewhere (the open data's items), where a day is any number. */
type Openings = readonly { day: number; opens: string; closes: string }[];

/** A time of day as the forms and the open data write it ("08:00", "16:30"). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The week as Somalia lives it: from Saturday, the first working day, to Friday, the day most offices close.
 * Lists of hours are shown in this order in both languages.
 */
export const DISPLAY_WEEK: readonly Weekday[] = [6, 0, 1, 2, 3, 4, 5];

const minutesOf = (time: string): number => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** Whether `closes` is later than `opens` on the same day (both "HH:MM"). */
export const closesAfterOpens = (opens: string, closes: string): boolean =>
  minutesOf(closes) > minutesOf(opens);

/** What a centre's hours say at a moment: open until a time, or closed until a day and time. */
export type OpenStatus =
  | { open: true; closes: string }
  | { open: false; next: { day: Weekday; opens: string; today: boolean } | null };

/**
 * Whether the centre is open at `now`, read on Mogadishu's clock whatever the reader's own zone; null when the
 * centre gave no hours (nothing to say). Closed at the closing minute itself. When closed, the next opening
 * within the coming week (later today, or another day), or null if the centre opens on no day.
 */
export function openStatus(hours: OpeningHours, now: Date): OpenStatus | null {
  if (hours.length === 0) return null;
  const local = new Date(now.getTime() + SOMALIA_UTC_OFFSET_MS);
  const today = local.getUTCDay() as Weekday;
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const byDay = new Map(hours.map((opening) => [opening.day, opening]));
  const todays = byDay.get(today);
  if (todays && minute >= minutesOf(todays.opens) && minute < minutesOf(todays.closes)) {
    return { open: true, closes: todays.closes };
  }
  if (todays && minute < minutesOf(todays.opens)) {
    return { open: false, next: { day: today, opens: todays.opens, today: true } };
  }
  for (let ahead = 1; ahead <= 7; ahead += 1) {
    const day = ((today + ahead) % 7) as Weekday;
    const opening = byDay.get(day);
    if (opening) return { open: false, next: { day, opens: opening.opens, today: false } };
  }
  return { open: false, next: null };
}

/** Consecutive days of the displayed week with the same hours (null: closed), for a short list. */
export interface HoursRun {
  from: Weekday;
  to: Weekday;
  hours: { opens: string; closes: string } | null;
}

/**
 * The week from Saturday to Friday as runs of days with the same hours: "Saturday–Wednesday 08:00–16:00,
 * Thursday 08:00–12:00, Friday closed". Empty when the centre gave no hours.
 */
export function hoursRuns(hours: Openings): HoursRun[] {
  if (hours.length === 0) return [];
  const byDay = new Map(hours.map((opening) => [opening.day, opening]));
  const runs: HoursRun[] = [];
  for (const day of DISPLAY_WEEK) {
    const opening = byDay.get(day);
    const dayHours = opening ? { opens: opening.opens, closes: opening.closes } : null;
    const last = runs.at(-1);
    if (
      last &&
      (last.hours === null
        ? dayHours === null
        : dayHours !== null && last.hours.opens === dayHours.opens && last.hours.closes === dayHours.closes)
    ) {
      last.to = day;
    } else {
      runs.push({ from: day, to: day, hours: dayHours });
    }
  }
  return runs;
}

const OSM_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'] as const;

/**
 * The hours in OpenStreetMap's opening_hours syntax ("Sa-We 08:00-16:00; Th 08:00-12:00"), the form map
 * makers and reusers read, for the open data's CSV; '' when the centre gave no hours. Days not named are closed.
 */
export function osmOpeningHours(hours: Openings): string {
  return hoursRuns(hours)
    .filter((run) => run.hours !== null)
    .map((run) => {
      const days = run.from === run.to ? OSM_DAYS[run.from] : `${OSM_DAYS[run.from]}-${OSM_DAYS[run.to]}`;
      return `${days} ${run.hours?.opens}-${run.hours?.closes}`;
    })
    .join('; ');
}
