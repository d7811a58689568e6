import { addMonths, dayKey, monthBounds, monthKey } from '@shared/months';
import { describe, expect, it } from 'vitest';

describe('months in Somalia (UTC+3)', () => {
  it('puts 22:00 UTC on the last day into the next month', () => {
    expect(monthKey(new Date('2026-11-30T20:59:59Z'))).toBe('2026-11');
    expect(monthKey(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12');
  });

  it('starts a day at midnight in Mogadishu (the SMS ceiling’s day)', () => {
    expect(dayKey(new Date('2026-11-28T20:59:59.999Z'))).toBe('2026-11-28');
    expect(dayKey(new Date('2026-11-28T21:00:00Z'))).toBe('2026-11-29');
  });

  it('adds and subtracts months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });

  it('gives the first and last millisecond of a month', () => {
    const { opensAt, closesAt } = monthBounds('2026-02');
    expect(opensAt.toISOString()).toBe('2026-01-31T21:00:00.000Z');
    expect(closesAt.toISOString()).toBe('2026-02-28T20:59:59.999Z');
    expect(monthKey(opensAt)).toBe('2026-02');
    expect(monthKey(closesAt)).toBe('2026-02');
  });
});
