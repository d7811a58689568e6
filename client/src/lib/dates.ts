// Somalia keeps East Africa Time all year: times are shown there, whatever the reader's own zone.
const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Africa/Mogadishu',
});
const calendarDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "3 December 2026", for a moment in time (an election's end). */
export function formatDate(date: Date): string {
  return longDate.format(date);
}

/** "13 January 2025", for a calendar day stored as YYYY-MM-DD (birth dates, news); as given if malformed. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  return calendarDay.format(new Date(Date.UTC(year, month - 1, date)));
}
