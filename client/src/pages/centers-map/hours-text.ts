import { type HoursRun, type OpeningHours, openStatus } from '@shared/opening-hours';
import type { TFunction } from 'i18next';

/**
 * A centre's hours in words, in the reader's language, for the list under the map and the map's popups alike
 * (the rules are shared/opening-hours.ts; times stay "08:00", as both languages write them).
 */

const dayName = (t: TFunction<'centers'>, day: number) =>
  t(`calendar.weekdays.${day}` as 'calendar.weekdays.0', { ns: 'common' });

/** "Saturday–Wednesday: 08:00–16:00", "Friday: Closed": the week from Saturday, one line per run of days. */
export function hoursLines(
  runs: readonly HoursRun[],
  t: TFunction<'centers'>,
): { days: string; hours: string }[] {
  return runs.map((run) => ({
    days:
      run.from === run.to
        ? dayName(t, run.from)
        : t('dayRange', { from: dayName(t, run.from), to: dayName(t, run.to) }),
    hours: run.hours ? t('dayHours', { opens: run.hours.opens, closes: run.hours.closes }) : t('closed'),
  }));
}

/** "Open now, until 16:00" or "Closed now, opens Saturday at 08:00", on Mogadishu's clock; null without hours. */
export function statusText(
  hours: OpeningHours,
  now: Date,
  t: TFunction<'centers'>,
): { open: boolean; text: string } | null {
  const status = openStatus(hours, now);
  if (!status) return null;
  if (status.open) return { open: true, text: t('openNow', { time: status.closes }) };
  if (!status.next) return { open: false, text: t('closedNow') };
  return {
    open: false,
    text: status.next.today
      ? t('opensToday', { time: status.next.opens })
      : t('opensOn', { day: dayName(t, status.next.day), time: status.next.opens }),
  };
}
