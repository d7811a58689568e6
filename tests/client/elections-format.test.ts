import { formatElectionDay, formatElectionTime } from '@client/components/elections/election-dates';
import { formatShare, formatVotes } from '@client/components/elections/results-format';
import { i18n } from '@client/i18n';
import { formatPollDateTime, formatPollDay, formatPollMonth } from '@client/pages/polls/poll-format';
import { formatPercentage } from '@shared/election-rules';
import { pollDateLabel, pollMonthLabel } from '@shared/poll-rules';
import { afterAll, describe, expect, it } from 'vitest';

// 14:05 in Mogadishu (UTC+3), whatever the machine's zone.
const MOMENT = new Date('2026-11-30T11:05:00Z');

describe('election and poll figures in English', () => {
  it('prints every share exactly as the spec rounds it (shared formatPercentage)', () => {
    // Every value votePercentage can produce: two decimals from 0 to 100, half-way cases included.
    for (let hundredths = 0; hundredths <= 10_000; hundredths += 1) {
      const percentage = hundredths / 100;
      expect(formatShare(percentage)).toBe(formatPercentage(percentage));
    }
  });

  it('groups vote counts and keeps East Africa Time', () => {
    expect(formatVotes(12_345)).toBe('12,345');
    expect(formatElectionDay(MOMENT)).toBe('30 Nov 2026');
    expect(formatElectionTime(MOMENT)).toBe('30 Nov 2026, 14:05 EAT');
  });

  it('names poll months and days as the shared English labels did', () => {
    expect(formatPollMonth('2026-11')).toBe(pollMonthLabel('2026-11'));
    expect(formatPollMonth('not a month')).toBe('not a month');
    expect(formatPollDay(MOMENT)).toBe(pollDateLabel(MOMENT));
    expect(formatPollDateTime(MOMENT)).toMatch(/^30 November 2026,? (at )?14:05 EAT$/);
  });
});

describe('election and poll figures in Somali', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('writes Somali month names and a 24-hour clock in Mogadishu time, whatever the browser knows of Somali', async () => {
    await i18n.changeLanguage('so');
    // MOMENT is 30 November 2026, 11:05 UTC: 14:05 in Mogadishu.
    expect(formatElectionDay(MOMENT)).toBe('30 Nof 2026');
    expect(formatElectionTime(MOMENT)).toBe('30 Nof 2026, 14:05 EAT');
    expect(formatPollMonth('2026-11')).toBe('Noofeembar 2026');
    expect(formatVotes(12_345)).toBe('12,345');
    expect(formatShare(39.58)).toBe('39.6%');
  });
});
