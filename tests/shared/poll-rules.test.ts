import {
  dateToSomaliaLocal,
  defaultPollTitle,
  hasPollEnded,
  isPollVotingOpen,
  pollDateLabel,
  pollMonthLabel,
  pollResultsVisible,
  pollWindowWithinMonth,
  somaliaLocalToDate,
} from '@shared/poll-rules';
import type { PollStatus } from '@shared/polls';
import { describe, expect, it } from 'vitest';

const opensAt = new Date('2026-10-31T21:00:00Z');
const closesAt = new Date('2026-11-30T20:59:59.999Z');
const during = new Date('2026-11-15T12:00:00Z');
const after = new Date('2026-12-01T00:00:00Z');
const poll = (status: PollStatus) => ({ status, opensAt, closesAt });

describe('poll rules', () => {
  it('names a poll by its type and month', () => {
    expect(defaultPollTitle('presidential', '2026-11')).toBe('Presidential Poll 2026-11');
    expect(defaultPollTitle('parliamentary', '2027-01')).toBe('Parliamentary Poll 2027-01');
    expect(defaultPollTitle('senate', '2027-02')).toBe('Senate Poll 2027-02');
  });

  it('takes votes only while open and within the window', () => {
    expect(isPollVotingOpen(poll('open'), during)).toBe(true);
    expect(isPollVotingOpen(poll('open'), opensAt)).toBe(true);
    expect(isPollVotingOpen(poll('open'), closesAt)).toBe(true);
    expect(isPollVotingOpen(poll('open'), after)).toBe(false);
    expect(isPollVotingOpen(poll('open'), new Date(opensAt.getTime() - 1))).toBe(false);
    expect(isPollVotingOpen(poll('draft'), during)).toBe(false);
    expect(isPollVotingOpen(poll('closed'), during)).toBe(false);
  });

  it('counts a poll as over when closed, or open past its closing time', () => {
    expect(hasPollEnded(poll('closed'), during)).toBe(true);
    expect(hasPollEnded(poll('open'), after)).toBe(true);
    expect(hasPollEnded(poll('open'), during)).toBe(false);
    expect(hasPollEnded(poll('draft'), after)).toBe(false);
  });

  it.each([
    ['draft', during, { isAdmin: false, hasVoted: false }, false],
    ['draft', after, { isAdmin: false, hasVoted: true }, false],
    ['draft', during, { isAdmin: true, hasVoted: false }, true],
    ['open', during, { isAdmin: false, hasVoted: false }, false],
    ['open', during, { isAdmin: false, hasVoted: true }, true],
    ['open', during, { isAdmin: true, hasVoted: false }, true],
    ['open', after, { isAdmin: false, hasVoted: false }, true],
    ['closed', during, { isAdmin: false, hasVoted: false }, true],
  ] as const)('results of a %s poll at %s for %j: %s', (status, now, viewer, visible) => {
    expect(pollResultsVisible(poll(status), viewer, now)).toBe(visible);
  });

  it('formats months and days as people read them', () => {
    expect(pollMonthLabel('2026-11')).toBe('November 2026');
    expect(pollMonthLabel('2027-01')).toBe('January 2027');
    expect(pollMonthLabel('soon')).toBe('soon');
    // 23:59 on 30 November in Mogadishu is 20:59 UTC.
    expect(pollDateLabel(closesAt)).toBe('30 November 2026');
    expect(pollDateLabel(new Date('2026-11-30T21:30:00Z'))).toBe('1 December 2026');
  });

  it('reads datetime-local values as Somalia time and writes them back', () => {
    expect(somaliaLocalToDate('2026-11-01T00:00')?.toISOString()).toBe('2026-10-31T21:00:00.000Z');
    expect(somaliaLocalToDate('2026-11-30T23:59:59')?.toISOString()).toBe('2026-11-30T20:59:59.000Z');
    expect(dateToSomaliaLocal(opensAt)).toBe('2026-11-01T00:00:00');
    expect(dateToSomaliaLocal(closesAt)).toBe('2026-11-30T23:59:59');
    for (const bad of ['', '2026-11-01', '2026-02-30T10:00', '2026-11-01T24:00', 'tomorrow']) {
      expect(somaliaLocalToDate(bad)).toBeNull();
    }
  });
});

describe('pollWindowWithinMonth', () => {
  // November 2026 in Somalia (UTC+3): 31 Oct 21:00 UTC to 30 Nov 20:59:59.999 UTC.
  const opens = new Date('2026-10-31T21:00:00.000Z');
  const closes = new Date('2026-11-30T20:59:59.999Z');

  it('takes a window from the first to the last millisecond of its month, East Africa Time', () => {
    expect(pollWindowWithinMonth('2026-11', opens, closes)).toBe(true);
  });

  it('refuses a window that starts before or ends after its month', () => {
    expect(pollWindowWithinMonth('2026-11', new Date(opens.getTime() - 1), closes)).toBe(false);
    expect(pollWindowWithinMonth('2026-11', opens, new Date(closes.getTime() + 1))).toBe(false);
    expect(
      pollWindowWithinMonth('2027-01', new Date('2026-11-29T00:00:00Z'), new Date('2027-01-08T00:00:00Z')),
    ).toBe(false);
  });
});
