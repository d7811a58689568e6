import { TRPCClientError } from '@trpc/client';

// Polls run on Somalia's clock: times are shown in East Africa Time whatever the reader's own zone.
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Mogadishu',
});

/** "12 November 2026, 14:05 EAT". */
export function formatPollDateTime(date: Date): string {
  return `${dateTime.format(date)} EAT`;
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
