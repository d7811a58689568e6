import { generateReceiptId, isReceiptId, normalizeReceiptId } from '@shared/receipts';
import { describe, expect, it } from 'vitest';

describe('receipt ids', () => {
  it('are "V", the time in milliseconds, a dash and 9 random characters', () => {
    const id = generateReceiptId(1_795_000_000_000);
    expect(id).toMatch(/^V1795000000000-[a-z0-9]{9}$/);
    expect(isReceiptId(id)).toBe(true);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => generateReceiptId(0)));
    expect(ids.size).toBe(5000);
  });

  it('reject other shapes', () => {
    expect(isReceiptId('V123-abc')).toBe(false);
    expect(isReceiptId('x1795000000000-abcdefghi')).toBe(false);
    expect(isReceiptId('V1795000000000-ABCDEFGHI')).toBe(false);
  });

  it('are read in any case and with spaces around them', () => {
    for (const typed of [
      'v1795000000000-abc123xyz',
      'V1795000000000-ABC123XYZ',
      ' \tV1795000000000-Abc123xyZ \n',
    ]) {
      expect(normalizeReceiptId(typed)).toBe('V1795000000000-abc123xyz');
    }
    // Not a receipt: still refused after normalising.
    expect(isReceiptId(normalizeReceiptId('V 1795000000000-abc123xyz'))).toBe(false);
  });
});
