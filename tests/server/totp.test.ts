import { matchTotpStep, newRecoveryCodes, newTotpKey, totpStep } from '@server/auth/totp';
import { describe, expect, it } from 'vitest';
import { totpAt } from '../helpers/account';

const NOW = Date.UTC(2026, 4, 1, 9, 0, 10);
const STEP = 30_000;

describe('TOTP codes', () => {
  it('accepts the code of this step and of one step either side, not two', () => {
    const key = newTotpKey();
    const current = totpStep(NOW);
    expect(matchTotpStep(key, totpAt(key, NOW), null, NOW)).toBe(current);
    expect(matchTotpStep(key, totpAt(key, NOW - STEP), null, NOW)).toBe(current - 1);
    expect(matchTotpStep(key, totpAt(key, NOW + STEP), null, NOW)).toBe(current + 1);
    expect(matchTotpStep(key, totpAt(key, NOW - 2 * STEP), null, NOW)).toBeNull();
    expect(matchTotpStep(key, totpAt(key, NOW + 2 * STEP), null, NOW)).toBeNull();
  });

  it('never accepts a step at or before the last one used', () => {
    const key = newTotpKey();
    const current = totpStep(NOW);
    expect(matchTotpStep(key, totpAt(key, NOW), current, NOW)).toBeNull();
    expect(matchTotpStep(key, totpAt(key, NOW - STEP), current - 1, NOW)).toBeNull();
    expect(matchTotpStep(key, totpAt(key, NOW + STEP), current, NOW)).toBe(current + 1);
  });

  it('does not accept another key’s code', () => {
    const key = newTotpKey();
    expect(matchTotpStep(newTotpKey(), totpAt(key, NOW), null, NOW)).toBeNull();
  });

  it('makes ten distinct recovery codes of 10 characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{10}$/);
  });
});
