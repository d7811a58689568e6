// Somalia keeps East Africa Time all year: election times are shown there, in the reader's own language format.
const TIME_ZONE = 'Africa/Mogadishu';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: TIME_ZONE });
const dayAndTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: TIME_ZONE,
});

/** "3 Jul 2026" (or the reader's format), as the day falls in Mogadishu. */
export function formatElectionDay(date: Date): string {
  return day.format(date);
}

/** "3 Jul 2026, 14:00 EAT": a moment that matters to the minute (opening, closing, a recorded vote). */
export function formatElectionTime(date: Date): string {
  return `${dayAndTime.format(date)} EAT`;
}
