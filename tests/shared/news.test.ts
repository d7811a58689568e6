import { LATEST_UPDATES, newsDay } from '@shared/content/news';
import { describe, expect, it } from 'vitest';

describe('the landing page’s updates', () => {
  it('are dated back from the day the page is shown, across months, years and leap days', () => {
    const [first] = LATEST_UPDATES;
    if (!first) throw new Error('no updates');
    expect(newsDay({ ...first, daysAgo: 3 }, '2026-11-29')).toBe('2026-11-26');
    expect(newsDay({ ...first, daysAgo: 17 }, '2027-01-05')).toBe('2026-12-19');
    expect(newsDay({ ...first, daysAgo: 1 }, '2028-03-01')).toBe('2028-02-29');
  });

  it('are all in the month before the day, newest first, each on a day of its own', () => {
    const days = LATEST_UPDATES.map((item) => newsDay(item, '2026-11-29'));
    expect(days).toEqual([...days].sort().reverse());
    expect(new Set(days).size).toBe(LATEST_UPDATES.length);
    for (const item of LATEST_UPDATES) {
      expect(item.daysAgo).toBeGreaterThan(0);
      expect(item.daysAgo).toBeLessThan(31);
    }
  });
});
