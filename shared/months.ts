/** Somalia keeps East Africa Time all year (UTC+3, no daylight saving): months begin at its midnight. */
export const SOMALIA_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

/** 'YYYY-MM' of the month containing `date` in Somalia. */
export function monthKey(date: Date): string {
  const local = new Date(date.getTime() + SOMALIA_UTC_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' of the day containing `date` in Somalia. */
export function dayKey(date: Date): string {
  return new Date(date.getTime() + SOMALIA_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month `delta` months from `key` ('2026-11', -1 gives '2026-10'). */
export function addMonths(key: string, delta: number): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First and last millisecond of a month in Somalia. */
export function monthBounds(key: string): { opensAt: Date; closesAt: Date } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  const opensAt = new Date(Date.UTC(year, month - 1, 1) - SOMALIA_UTC_OFFSET_MS);
  const closesAt = new Date(Date.UTC(year, month, 1) - SOMALIA_UTC_OFFSET_MS - 1);
  return { opensAt, closesAt };
}
