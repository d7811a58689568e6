// Somalia keeps East Africa Time (UTC+3) all year, and the site shows election times there: the form reads and
// writes the same clock, whatever zone the admin's own device is set to.
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

/** The datetime-local value ("2026-07-03T14:00") of a moment, in East Africa Time. */
export function toEatInput(date: Date): string {
  return new Date(date.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 16);
}

/** The moment a datetime-local value names in East Africa Time, or undefined when blank or malformed. */
export function fromEatInput(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}+03:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
