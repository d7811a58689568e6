import { TRPCClientError } from '@trpc/client';
import { formatDate, formatDay, formatEatTime } from '../../i18n/format';

// Polls run on Somalia's clock: times are shown in East Africa Time (format.ts) whatever the reader's own
// zone, in the reader's language.

/** "12 November 2026 at 14:05 EAT" in English. */
export function formatPollDateTime(date: Date): string {
  return formatEatTime(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** "30 November 2026": the day in Somalia. */
export function formatPollDay(date: Date): string {
  return formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** "November 2026" for '2026-11'; the key itself when it is not a month. */
export function formatPollMonth(monthYear: string): string {
  if (!/^\d{4}-\d{2}$/.test(monthYear)) return monthYear;
  return formatDay(`${monthYear}-15`, { month: 'long', year: 'numeric' });
}

/** The tRPC error code of a failed call ("NOT_FOUND", ...), or null when the server was not reached. */
export function pollErrorCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const code = (error.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : null;
}

/** Black or white, whichever reads better on a candidate's colour (WCAG relative luminance). */
export function readableOn(hex: string): '#000000' | '#FFFFFF' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#FFFFFF';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = Number.parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is (1.05 / (L + 0.05)); with black ((L + 0.05) / 0.05): pick the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#FFFFFF' : '#000000';
}
