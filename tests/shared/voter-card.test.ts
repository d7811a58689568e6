import { voterCardNumberSchema } from '@shared/schemas/voter-roll';
import { canonicalVoterCardNumber, VOTER_CARD_PATTERN } from '@shared/voter-roll';
import { describe, expect, it } from 'vitest';

describe('canonicalVoterCardNumber: one card, one value, whatever the spelling', () => {
  it.each([
    ['so-2026-ooo123', 'S02026000123'],
    ['SO2026000123', 'S02026000123'],
    [' So 2026 OoO123 ', 'S02026000123'],
    ['SO–2026—000123', 'S02026000123'],
    ['SO.2026/000_123', 'S02026000123'],
    ['ＳＯ－２０２６－０００１２３', 'S02026000123'],
    ['AB-1I-L1', 'AB1111'],
    ['il0o', '1100'],
  ])('%j is %j', (typed, canonical) => {
    expect(canonicalVoterCardNumber(typed)).toBe(canonical);
  });

  it('keeps the letters that are told apart in print: S, B, Z, Q, D, G', () => {
    expect(canonicalVoterCardNumber('sbzqdg-5820')).toBe('SBZQDG5820');
  });

  it('is idempotent: a canonical number is its own canonical form', () => {
    for (const typed of ['so-2026-ooo123', 'AB-1I-L1', 'x y-z']) {
      const once = canonicalVoterCardNumber(typed);
      expect(canonicalVoterCardNumber(once)).toBe(once);
    }
  });

  it('leaves only letters and digits, 4 to 32, for the schema to accept', () => {
    expect(VOTER_CARD_PATTERN.test('S02026000123')).toBe(true);
    expect(VOTER_CARD_PATTERN.test('S0-2026')).toBe(false);
    expect(voterCardNumberSchema.parse('so-2026-ooo123')).toBe('S02026000123');
    for (const bad of ['SO#2026', 'ab', 'S-O-1', '', 'A'.repeat(33), 'SØ-2026-0001']) {
      expect(voterCardNumberSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
