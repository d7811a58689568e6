import {
  daysLeft,
  daysLeftLabel,
  formatPercentage,
  hubActions,
  isVotingOpen,
  resultsVisibleToVoters,
  tallyResults,
  votePercentage,
} from '@shared/election-rules';
import type { ElectionStatus } from '@shared/elections';
import { describe, expect, it } from 'vitest';

const now = new Date('2026-11-21T12:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

function election(
  overrides: Partial<{
    status: ElectionStatus;
    startTime: Date;
    endTime: Date;
    resultsVisible: boolean;
    hideResultsUntilClose: boolean;
  }> = {},
) {
  return {
    status: 'Active' as ElectionStatus,
    startTime: hours(-48),
    endTime: hours(48),
    resultsVisible: false,
    hideResultsUntilClose: true,
    ...overrides,
  };
}

describe('days left', () => {
  it('is the ceiling of days to the end', () => {
    expect(daysLeft(hours(1), now)).toBe(1);
    expect(daysLeft(hours(24), now)).toBe(1);
    expect(daysLeft(hours(25), now)).toBe(2);
    expect(daysLeft(hours(0), now)).toBe(0);
    expect(daysLeft(hours(-30), now)).toBe(-1);
  });

  it('says "N days left" or "Ends today" at 0 or less', () => {
    expect(daysLeftLabel(hours(24 * 5), now)).toBe('5 days left');
    expect(daysLeftLabel(hours(2), now)).toBe('1 day left');
    expect(daysLeftLabel(now, now)).toBe('Ends today');
    expect(daysLeftLabel(hours(-100), now)).toBe('Ends today');
  });
});

describe('voting window', () => {
  it('is open only for Active elections between start and end, inclusive', () => {
    expect(isVotingOpen(election(), now)).toBe(true);
    expect(isVotingOpen(election({ startTime: now }), now)).toBe(true);
    expect(isVotingOpen(election({ endTime: now }), now)).toBe(true);
    expect(isVotingOpen(election({ startTime: hours(1) }), now)).toBe(false);
    expect(isVotingOpen(election({ endTime: hours(-1) }), now)).toBe(false);
    for (const status of ['Draft', 'Closed', 'Archived'] as const)
      expect(isVotingOpen(election({ status }), now)).toBe(false);
  });
});

describe('results visibility', () => {
  it('hides results of a running election that hides them until close, even if marked visible', () => {
    expect(resultsVisibleToVoters(election({ resultsVisible: true }), now)).toBe(false);
  });

  it('shows results marked visible when nothing hides them', () => {
    expect(
      resultsVisibleToVoters(election({ resultsVisible: true, hideResultsUntilClose: false }), now),
    ).toBe(true);
  });

  it('shows results after the end for an election that hid them until close', () => {
    expect(resultsVisibleToVoters(election({ endTime: hours(-1) }), now)).toBe(true);
  });

  it('keeps results hidden when neither flag allows them', () => {
    expect(resultsVisibleToVoters(election({ hideResultsUntilClose: false }), now)).toBe(false);
    expect(resultsVisibleToVoters(election({ hideResultsUntilClose: false, endTime: hours(-1) }), now)).toBe(
      false,
    );
  });

  it('lets a Closed election marked visible show them before its end time', () => {
    expect(resultsVisibleToVoters(election({ status: 'Closed', resultsVisible: true }), now)).toBe(true);
  });
});

describe('hub actions', () => {
  it('offers Vote Now to signed-in users while voting is open', () => {
    expect(hubActions(election(), now, true)).toEqual(['vote', 'details']);
    expect(hubActions(election(), now, false)).toEqual(['details']);
  });

  it('offers View Results when results are visible, else View Details', () => {
    expect(
      hubActions(election({ status: 'Closed', endTime: hours(-1), resultsVisible: true }), now, true),
    ).toEqual(['results']);
    expect(
      hubActions(election({ status: 'Draft', startTime: hours(10), endTime: hours(20) }), now, true),
    ).toEqual(['details']);
    expect(hubActions(election({ resultsVisible: true, hideResultsUntilClose: false }), now, true)).toEqual([
      'vote',
      'results',
    ]);
  });
});

describe('percentages and tallies', () => {
  it('rounds to 2 decimals and shows 1', () => {
    expect(votePercentage(1, 3)).toBe(33.33);
    expect(votePercentage(2, 3)).toBe(66.67);
    expect(votePercentage(0, 0)).toBe(0);
    expect(formatPercentage(33.33)).toBe('33.3%');
    expect(formatPercentage(0)).toBe('0.0%');
  });

  it('sorts by votes descending and keeps ballot order for ties', () => {
    const { total, rows } = tallyResults([
      { candidateId: 'a', votes: 2 },
      { candidateId: 'b', votes: 5 },
      { candidateId: 'c', votes: 2 },
      { candidateId: 'd', votes: 0 },
    ]);
    expect(total).toBe(9);
    expect(rows.map((row) => row.candidateId)).toEqual(['b', 'a', 'c', 'd']);
    expect(rows.map((row) => row.percentage)).toEqual([55.56, 22.22, 22.22, 0]);
  });
});
