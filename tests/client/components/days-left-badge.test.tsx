import { DaysLeftBadge } from '@client/components/elections/DaysLeftBadge';
import type { Language } from '@client/i18n/language';
import type { ElectionStatus } from '@shared/elections';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../render';

/**
 * The days-left badge (docs/product.md#days-left): the ceiling of the days until the end, "Ends today" at 0 or less
 * while the election runs, and "Ended" once it is over. Times are written in East Africa Time (UTC+3), Somalia's
 * zone; the count is of whole 24-hour spans, not of calendar days, so "Ends today" shows only at the end itself.
 */
const NOON_EAT = new Date('2026-07-03T12:00:00+03:00');
const START = new Date('2026-07-01T08:00:00+03:00');

async function badgeText(endTime: Date, language: Language, status: ElectionStatus = 'Active') {
  cleanup(); // one badge on the page at a time
  await renderWithApp(<DaysLeftBadge election={{ status, startTime: START, endTime }} now={NOON_EAT} />, {
    language,
    namespaces: ['elections'],
  });
  return screen.getByText(/./, { selector: '.mantine-Badge-label' }).textContent;
}

describe('DaysLeftBadge', () => {
  it.each([
    // The ceiling: six hours left is a day, not "today".
    ['later today', '2026-07-03T18:00:00+03:00', '1 day left', '1 maalin ayaa harsan'],
    ['at this very moment', '2026-07-03T12:00:00+03:00', 'Ends today', 'Maanta ayay dhammaanaysaa'],
    ['tomorrow evening', '2026-07-04T18:00:00+03:00', '2 days left', '2 maalmood ayaa harsan'],
    ['in exactly a day', '2026-07-04T12:00:00+03:00', '1 day left', '1 maalin ayaa harsan'],
    ['a minute before midnight, EAT', '2026-07-03T23:59:00+03:00', '1 day left', '1 maalin ayaa harsan'],
    ['in ten days', '2026-07-13T12:00:00+03:00', '10 days left', '10 maalmood ayaa harsan'],
    ['in 1,200 days', '2029-10-15T12:00:00+03:00', '1,200 days left', '1,200 maalmood ayaa harsan'],
  ])('an election ending %s reads "%s" (Somali "%s")', async (_when, end, english, somali) => {
    expect(await badgeText(new Date(end), 'en')).toBe(english);
    expect(await badgeText(new Date(end), 'so')).toBe(somali);
  });

  it('says Ended once the end has passed, not "Ends today"', async () => {
    expect(await badgeText(new Date('2026-07-03T11:59:00+03:00'), 'en')).toBe('Ended');
    expect(await badgeText(new Date('2026-07-03T11:59:00+03:00'), 'so')).toBe('Dhammaaday');
  });

  it('says Ended for an election an admin closed or archived before its end', async () => {
    const inTenDays = new Date('2026-07-13T12:00:00+03:00');
    expect(await badgeText(inTenDays, 'en', 'Closed')).toBe('Ended');
    expect(await badgeText(inTenDays, 'en', 'Archived')).toBe('Ended');
    expect(await badgeText(inTenDays, 'so', 'Closed')).toBe('Dhammaaday');
  });
});
